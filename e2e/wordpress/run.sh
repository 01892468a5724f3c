#!/usr/bin/env bash
# run.sh — the WordPress plugin in a real WordPress (make test-blogs): Debian's
# WordPress, MariaDB and Apache with mod_php, started here by hand on local
# ports (no systemd on these machines), everything under build/wp. The plugin
# is installed from its zip as Plugins → Upload does; setup.php installs the
# site, makes one user of each role and saves posts as each with kses on;
# e2e/wordpress.spec.mjs checks the answers in Chromium. The daemons started
# here are stopped on the way out, whatever happened.
#   e2e/wordpress/run.sh ZIP        (ZIP: dist/integrations/wordpress/winrate.zip)
set -euo pipefail
cd "$(dirname "$0")/../.."
zip=$(realpath "${1:?usage: run.sh path/to/winrate.zip}")
W=$PWD/build/wp
WP_PORT=${WP_PORT:-8770}
DB_PORT=${DB_PORT:-8771}
URL=http://127.0.0.1:$WP_PORT

stop() {
  [ -f "$W/apache.pid" ] && apache2 -f "$W/apache.conf" -k stop 2>/dev/null || true
  if [ -f "$W/mysqld.pid" ]; then
    kill "$(cat "$W/mysqld.pid")" 2>/dev/null || true
    for _ in $(seq 50); do [ -f "$W/mysqld.pid" ] || break; sleep 0.1; done
  fi
}
# A daemon from an earlier run that was cut short would hold the ports.
[ -f "$W/apache.conf" ] && stop
trap stop EXIT

rm -rf "$W" && mkdir -p "$W"
echo "== WordPress: $(dpkg-query -W -f '${Version}' wordpress), MariaDB, Apache + mod_php on $URL"

# --- MariaDB, its own data folder, on loopback
mariadb-install-db --no-defaults --datadir="$W/db" --user=root --auth-root-authentication-method=normal \
  --skip-test-db > "$W/mysqld-install.log" 2>&1
mariadbd --no-defaults --datadir="$W/db" --socket="$W/mysqld.sock" --port="$DB_PORT" --bind-address=127.0.0.1 \
  --pid-file="$W/mysqld.pid" --log-error="$W/mysqld.err" --user=root &
for _ in $(seq 100); do mariadb-admin --socket="$W/mysqld.sock" -uroot ping >/dev/null 2>&1 && break; sleep 0.1; done
mariadb --socket="$W/mysqld.sock" -uroot -e "CREATE DATABASE wordpress;
  CREATE USER 'wp'@'127.0.0.1' IDENTIFIED BY 'wp'; GRANT ALL ON wordpress.* TO 'wp'@'127.0.0.1';"

# --- WordPress: Debian's files, our own config, the plugin unpacked from its zip
cp -r /usr/share/wordpress "$W/site"
cat > "$W/site/wp-config.php" <<EOF
<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'wp' );
define( 'DB_PASSWORD', 'wp' );
define( 'DB_HOST', '127.0.0.1:$DB_PORT' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
\$table_prefix = 'wp_';
define( 'WP_DEBUG', true );          // every notice and warning goes to the log the test reads
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', '$W/php-debug.log' );
define( 'WP_HTTP_BLOCK_EXTERNAL', true ); // no update checks on a closed network
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'DISABLE_WP_CRON', true );
if ( ! defined( 'ABSPATH' ) ) {
  define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
EOF
(cd "$W/site/wp-content/plugins" && unzip -q "$zip")
touch "$W/php-debug.log" && chown www-data "$W/php-debug.log"

# --- Apache with mod_php, run as www-data
php_module=$(ls /usr/lib/apache2/modules/libphp*.so | head -n 1)
cat > "$W/apache.conf" <<EOF
ServerName 127.0.0.1
Listen 127.0.0.1:$WP_PORT
PidFile $W/apache.pid
DefaultRuntimeDir $W
Mutex file:$W
ErrorLog $W/apache-error.log
User www-data
Group www-data
LoadModule mpm_prefork_module /usr/lib/apache2/modules/mod_mpm_prefork.so
LoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so
LoadModule dir_module /usr/lib/apache2/modules/mod_dir.so
LoadModule mime_module /usr/lib/apache2/modules/mod_mime.so
LoadModule php_module $php_module
TypesConfig /etc/mime.types
DocumentRoot $W/site
<Directory $W/site>
  Require all granted
  AllowOverride None
</Directory>
DirectoryIndex index.php index.html
<FilesMatch "\.php$">
  SetHandler application/x-httpd-php
</FilesMatch>
EOF
apache2 -f "$W/apache.conf" -k start
for _ in $(seq 100); do curl -s -o /dev/null "$URL/readme.html" && break; sleep 0.1; done

# --- the site, the users, the posts (setup.php), then Chromium
php e2e/wordpress/setup.php "$W/site" "$URL" "$W/posts.json"
WORDPRESS_POSTS="$W/posts.json" WORDPRESS_LOG="$W/php-debug.log" \
  npx playwright test --config e2e/playwright.config.mjs wordpress
