<?php
// The editor script's dependencies (block.js is plain JS: no build step).
return array(
	'dependencies' => array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-i18n' ),
	'version'      => '@WINRATE_VERSION@',
);
