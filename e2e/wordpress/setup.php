<?php
/**
 * setup.php — a fresh WordPress for the plugin's tests (e2e/wordpress/run.sh):
 *   php setup.php SITE_DIR URL OUT_JSON
 * installs the site (wp_install, the default block theme), makes an
 * administrator, an editor, an author and a contributor, activates the
 * plugin, and saves posts as each of them the way the editor does (slashed,
 * with kses on for roles without unfiltered_html), then writes the posts'
 * URLs to OUT_JSON for e2e/wordpress.spec.mjs. It runs itself twice: the
 * install needs WP_INSTALLING, the rest a normal load.
 */

list( , $site, $url, $out ) = $argv + array( null, null, null, null );
if ( ! $out ) {
	fwrite( STDERR, "usage: php setup.php SITE_DIR URL OUT_JSON\n" );
	exit( 2 );
}
$parts                  = parse_url( $url );
$_SERVER['HTTP_HOST']   = $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
$_SERVER['SERVER_NAME'] = $parts['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PORT'] = isset( $parts['port'] ) ? $parts['port'] : 80;

if ( getenv( 'WINRATE_SETUP_STAGE' ) !== 'posts' ) {
	define( 'WP_INSTALLING', true );
	require $site . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$r = wp_install( 'winrate test', 'admin', 'admin@example.com', true, '', 'admin-password' );
	update_option( 'siteurl', $url );
	update_option( 'home', $url );
	echo 'installed WordPress ' . get_bloginfo( 'version' ) . ', theme ' . get_stylesheet() . "\n";
	passthru( 'WINRATE_SETUP_STAGE=posts ' . escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __FILE__ ) . ' '
		. implode( ' ', array_map( 'escapeshellarg', array( $site, $url, $out ) ) ), $status );
	exit( $status );
}

require $site . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$activated = activate_plugin( 'winrate/winrate.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'cannot activate the plugin: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}

$users = array( 'administrator' => 1 );
foreach ( array( 'editor', 'author', 'contributor' ) as $role ) {
	$id = wp_insert_user(
		array(
			'user_login' => $role . '1',
			'user_pass'  => $role . '-password',
			'user_email' => $role . '@example.com',
			'role'       => $role,
		)
	);
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, "cannot make the $role: " . $id->get_error_message() . "\n" );
		exit( 1 );
	}
	$users[ $role ] = $id;
}

/** The five widgets of every blog test (e2e/blogs-more.spec.mjs has the same answers). */
$widgets = array(
	array( array( 'game' => 'dice' ), "AA A D DD\n4 4" ),
	array( array( 'game' => 'dice', 'digits' => '6' ), "- A D DD\n4 4" ),
	array( array( 'game' => 'hopchess' ), "1 3\nJJD\n3 1" ),
	array( array( 'game' => 'escape' ), "2 4 3\nT...\n.#.E" ),
	array(
		array( 'game' => 'codenames', 'rule' => 'own' ),
		"8 R\nriver bank money fish boat piano moon glass\nB I I R A I B R\n3\nwater: 3 piano river money\nfinance: 2 boat fish\nnight: 3 piano bank fish",
	),
);

function shortcode( $atts, $text ) {
	$a = '';
	foreach ( $atts as $name => $value ) {
		$a .= is_int( $name ) ? " $value" : " $name=\"$value\"";
	}
	return "[winrate$a]\n$text\n[/winrate]";
}

function block( $atts, $text ) {
	return serialize_block(
		array(
			'blockName'    => 'winrate/widget',
			'attrs'        => $atts + array( 'input' => $text ),
			'innerBlocks'  => array(),
			'innerHTML'    => '',
			'innerContent' => array(),
		)
	);
}

/** Saves a post as $user_id, through the filters a save from the editor goes through. */
function save_as( $user_id, $title, $content ) {
	wp_set_current_user( $user_id );
	kses_remove_filters();
	kses_init(); // on for a role without unfiltered_html, as in a real save
	$id = wp_insert_post(
		wp_slash(
			array(
				'post_title'   => $title,
				'post_content' => $content,
				'post_status'  => 'publish',
				'post_author'  => $user_id,
			)
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, "cannot save '$title': " . $id->get_error_message() . "\n" );
		exit( 1 );
	}
	return $id;
}

$posts = array();
foreach ( $users as $role => $user_id ) {
	$classic = "Our club argued about sieges... (\"smart\" quotes -- and dashes -- here are fine.)\n\n";
	$blocks  = "<!-- wp:paragraph -->\n<p>Four games in a block post, saved by the $role...</p>\n<!-- /wp:paragraph -->\n\n";
	foreach ( $widgets as $w ) {
		$classic .= shortcode( $w[0], $w[1] ) . "\n\nAnd then...\n\n";
		$blocks  .= block( $w[0], $w[1] ) . "\n\n";
	}
	// The shortcode in a Shortcode block too: the block theme's way of writing one.
	$blocks .= "<!-- wp:shortcode -->\n" . shortcode( array( 'game' => 'escape' ), "2 4 3\nT...\n.#.E" ) . "\n<!-- /wp:shortcode -->";
	$posts[ $role ] = array(
		'shortcode'   => get_permalink( save_as( $user_id, "Shortcodes by the $role", $classic ) ),
		'block'       => get_permalink( save_as( $user_id, "Blocks by the $role", $blocks ) ),
		'unfiltered'  => user_can( $user_id, 'unfiltered_html' ),
	);
}

$posts['notes'] = get_permalink(
	save_as(
		$users['author'],
		'Mistakes',
		shortcode( array( 'game' => 'chess' ), "1 3\nJJD\n3 1" ) . "\n\n"
		. shortcode( array(), "A D\n4 3" ) . "\n\n"
		. shortcode( array( 'game' => 'dice', 'colour' => 'red', 'digits' => 'abc' ), "A D\n4 3" ) . "\n\n"
		. shortcode( array( 'game' => 'dice', 'full' ), "A D\n4 3" )
	)
);
$posts['plain'] = get_permalink( save_as( $users['author'], 'No widget here', 'Just words.' ) );
$posts['wordpress'] = get_bloginfo( 'version' );
$posts['theme']     = get_stylesheet();

file_put_contents( $out, json_encode( $posts, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" );
echo 'saved ' . ( count( $users ) * 2 + 2 ) . ' posts as ' . implode( ', ', array_keys( $users ) ) . "\n";
