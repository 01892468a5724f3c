<?php
/**
 * Plugin Name:       winrate
 * Plugin URI:        https://github.com/winrate/winrate
 * Description:       Exact win probabilities in your posts: Battle Dice, Hop chess, Codenames and Board Escape, solved live in the reader's browser. A [winrate] shortcode and a "winrate" block.
 * Version:           @WINRATE_VERSION@
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           MIT
 * Text Domain:       winrate
 *
 * The widgets are the <winrate-GAME> custom elements of the winrate embed
 * (assets/embed.js, shipped inside this plugin: nothing else to copy). The
 * contest text goes into the element's input attribute, where neither
 * wpautop nor wptexturize reach; the module script is enqueued once, and only
 * on pages that show a widget.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'WINRATE_VERSION', '@WINRATE_VERSION@' );

/** The games, as the element names them. */
function winrate_games() {
	return array( 'dice', 'hopchess', 'codenames', 'escape' );
}

/** The attributes a widget takes, besides game and its text: the element's own. */
function winrate_widget_attributes() {
	return array( 'theme', 'view', 'digits', 'rule' );
}

/** Text as contest input: CRLF to LF, blank lines at either end dropped, one final line break. */
function winrate_lines( $text ) {
	$lines = preg_split( '/\r\n?|\n/', (string) $text );
	while ( $lines && trim( $lines[0] ) === '' ) {
		array_shift( $lines );
	}
	while ( $lines && trim( end( $lines ) ) === '' ) {
		array_pop( $lines );
	}
	return $lines ? implode( "\n", $lines ) . "\n" : '';
}

/**
 * The contest text from a shortcode's body: what wpautop put inside (<br />,
 * <p>, </p>) back to line breaks, and entities decoded. Other markup is left
 * for the widget to point at, with its line and column.
 */
function winrate_body_text( $content ) {
	$text = preg_replace( '#<br\s*/?>[ \t]*(\r\n?|\n)?#i', "\n", (string) $content );
	$text = preg_replace( '#</p>\s*<p(\s[^>]*)?>#i', "\n\n", $text ); // a paragraph break: a blank line
	$text = preg_replace( '#</?p(\s[^>]*)?>#i', "\n", $text );
	return winrate_lines( html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
}

/** A note shown in place of (or above) a widget: what is wrong and what is accepted. */
function winrate_note( $message ) {
	return '<p class="winrate-note" role="note" style="border-left:4px solid #d97706;padding:.4em .8em;background:#fffbeb;color:#713f12">'
		. esc_html( 'winrate: ' . $message ) . '</p>';
}

/** The embed's module script, enqueued once per page (WordPress prints a handle once). */
function winrate_enqueue() {
	$src = plugins_url( 'assets/embed.js', __FILE__ );
	if ( function_exists( 'wp_enqueue_script_module' ) ) { // WordPress 6.5 and later
		wp_enqueue_script_module( 'winrate-embed', $src, array(), WINRATE_VERSION );
	} else {
		wp_enqueue_script( 'winrate-embed', $src, array(), WINRATE_VERSION, true );
	}
}

/** type="module" on the script tag, for WordPress versions without script modules. */
function winrate_module_tag( $tag, $handle ) {
	if ( 'winrate-embed' !== $handle || false !== strpos( $tag, 'type="module"' ) ) {
		return $tag;
	}
	return preg_replace( '#<script(?: type=([\'"])text/javascript\1)?#', '<script type="module"', $tag, 1 );
}
add_filter( 'script_loader_tag', 'winrate_module_tag', 10, 2 );

/**
 * One widget: the shortcode and the block both come here. $atts: game and the
 * widget's attributes (anything else gets a note); $text: the contest text.
 */
function winrate_render( $atts, $text ) {
	$atts  = is_array( $atts ) ? $atts : array();
	$notes = '';
	$game  = isset( $atts['game'] ) ? strtolower( trim( (string) $atts['game'] ) ) : '';
	if ( ! in_array( $game, winrate_games(), true ) ) {
		$what = '' === $game ? 'no game given' : 'the game "' . $game . '" is unknown';
		return winrate_note( $what . '; give game="' . implode( '", "', winrate_games() ) . '".' )
			. ( '' === trim( $text ) ? '' : '<pre class="winrate-input">' . esc_html( $text ) . '</pre>' );
	}
	$html_atts = '';
	foreach ( $atts as $name => $value ) {
		if ( 'game' === $name ) {
			continue;
		}
		if ( is_int( $name ) || ! in_array( $name, winrate_widget_attributes(), true ) ) {
			$shown  = is_int( $name ) ? (string) $value : $name;
			$notes .= winrate_note( 'the attribute "' . $shown . '" is unknown and ignored; the attributes are game, '
				. implode( ', ', winrate_widget_attributes() ) . '.' );
			continue;
		}
		if ( '' !== (string) $value ) {
			// The element itself checks the value and says what it accepts.
			$html_atts .= ' ' . $name . '="' . esc_attr( (string) $value ) . '"';
		}
	}
	winrate_enqueue();
	return $notes . '<winrate-' . $game . ' input="' . esc_attr( $text ) . '"' . $html_atts . '></winrate-' . $game . '>';
}

/** [winrate game="dice" view theme digits rule]contest text[/winrate] */
function winrate_shortcode( $atts, $content = '' ) {
	return winrate_render( $atts, winrate_body_text( $content ) );
}
add_shortcode( 'winrate', 'winrate_shortcode' );

/** wptexturize leaves the shortcode's body alone ("T..." must stay three dots). */
function winrate_no_texturize_shortcodes( $shortcodes ) {
	$shortcodes[] = 'winrate';
	return $shortcodes;
}
add_filter( 'no_texturize_shortcodes', 'winrate_no_texturize_shortcodes' );

/**
 * ...and the elements' text, for <winrate-*> written by hand in a Custom HTML
 * block: a block theme texturizes the whole rendered template once more.
 */
function winrate_no_texturize_tags( $tags ) {
	foreach ( winrate_games() as $game ) {
		$tags[] = 'winrate-' . $game;
	}
	return $tags;
}
add_filter( 'no_texturize_tags', 'winrate_no_texturize_tags' );

/** The block winrate/widget, rendered on the server by winrate_render. */
function winrate_block_render( $attributes ) {
	$atts = array( 'game' => isset( $attributes['game'] ) ? $attributes['game'] : '' );
	foreach ( winrate_widget_attributes() as $name ) {
		if ( isset( $attributes[ $name ] ) && '' !== (string) $attributes[ $name ] ) {
			$atts[ $name ] = (string) $attributes[ $name ];
		}
	}
	$text = isset( $attributes['input'] ) ? winrate_lines( $attributes['input'] ) : '';
	return winrate_render( $atts, $text );
}

function winrate_register_block() {
	register_block_type( __DIR__ . '/block', array( 'render_callback' => 'winrate_block_render' ) );
}
add_action( 'init', 'winrate_register_block' );

/** The editor's live preview needs the elements too. */
add_action( 'enqueue_block_editor_assets', 'winrate_enqueue' );
