// block.js — the editor side of the block winrate/widget, plain JS on the
// editor's globals (no build step). The post stores only the attributes; the
// page is rendered on the server by winrate.php, as the shortcode is. The
// preview is the real widget: winrate.php enqueues the embed in the editor.
( function ( wp ) {
	var el = wp.element.createElement;
	var __ = wp.i18n.__;
	var components = wp.components;
	var blockEditor = wp.blockEditor;

	var GAMES = [
		{ value: 'dice', label: 'Battle Dice', example: 'AA A D DD\n4 4' },
		{ value: 'hopchess', label: 'Hop chess', example: '2 3\nJJD\nDDJ\n1 1' },
		{ value: 'codenames', label: 'Codenames', example: '5 R\napple bank cat dog egg\nR R B I A\n2\n2 apple bank\n1 cat' },
		{ value: 'escape', label: 'Board Escape', example: '3 3 2\nT..\n.#.\n..E' },
	];

	function gameOf( value ) {
		return GAMES.filter( function ( g ) { return g.value === value; } )[ 0 ] || GAMES[ 0 ];
	}

	function Edit( props ) {
		var a = props.attributes;
		var set = props.setAttributes;
		var game = gameOf( a.game );
		var input = a.input.trim() === '' ? '' : a.input;
		var widgetAttrs = { input: input, view: a.view, theme: a.theme, key: game.value };
		if ( a.digits ) widgetAttrs.digits = a.digits;
		if ( a.rule ) widgetAttrs.rule = a.rule;
		return el( 'div', blockEditor.useBlockProps( { className: 'winrate-block' } ),
			el( blockEditor.InspectorControls, null,
				el( components.PanelBody, { title: __( 'Widget', 'winrate' ) },
					el( components.SelectControl, {
						label: __( 'View', 'winrate' ), value: a.view,
						options: [ { value: 'answer', label: __( 'The answer', 'winrate' ) }, { value: 'full', label: __( 'The full tool', 'winrate' ) } ],
						onChange: function ( v ) { set( { view: v } ); },
					} ),
					el( components.SelectControl, {
						label: __( 'Theme', 'winrate' ), value: a.theme,
						options: [ { value: 'auto', label: 'auto' }, { value: 'light', label: 'light' }, { value: 'dark', label: 'dark' } ],
						onChange: function ( v ) { set( { theme: v } ); },
					} ),
					el( components.TextControl, {
						label: __( 'Digits (empty: the game\'s own)', 'winrate' ), value: a.digits,
						onChange: function ( v ) { set( { digits: v } ); },
					} ),
					game.value === 'codenames' ? el( components.CheckboxControl, {
						label: __( 'Hints must cover an own agent', 'winrate' ), checked: a.rule === 'own',
						onChange: function ( v ) { set( { rule: v ? 'own' : '' } ); },
					} ) : null
				)
			),
			el( components.SelectControl, {
				label: __( 'Game', 'winrate' ), value: game.value,
				options: GAMES.map( function ( g ) { return { value: g.value, label: g.label }; } ),
				onChange: function ( v ) { set( { game: v } ); },
			} ),
			el( components.TextareaControl, {
				label: __( 'Contest input', 'winrate' ), value: a.input, rows: 6,
				className: 'winrate-block-input',
				placeholder: game.example,
				help: __( 'The game\'s contest text, one line per line. The preview below is the widget itself.', 'winrate' ),
				onChange: function ( v ) { set( { input: v } ); },
			} ),
			input === '' ? el( 'p', { className: 'winrate-block-empty' }, __( 'Type or paste the contest input to see the answer.', 'winrate' ) )
				: el( 'winrate-' + game.value, widgetAttrs )
		);
	}

	wp.blocks.registerBlockType( 'winrate/widget', {
		edit: Edit,
		save: function () { return null; }, // rendered on the server (winrate.php)
	} );
}( window.wp ) );
