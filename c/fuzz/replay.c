/* replay.c — replays the committed corpus (c/fuzz/seeds/GAME/FILE) through
 * fuzz_run without libFuzzer, so every `make test` re-checks old findings
 * (zstd's regression_driver). Usage: replay DIR; DIR holds one folder per game. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_run.h"
#include "winrate.h"

static int replay_file(const char *game, const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    long n;
    if (!f) return 0;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(n > 0 ? (size_t)n : 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return 0;
    }
    fclose(f);
    fuzz_run(game, buf, (size_t)n);
    free(buf);
    return 1;
}

int main(int argc, char **argv)
{
    size_t g;
    int files = 0, failed = 0;
    char path[4096];
    if (argc != 2) {
        fprintf(stderr, "usage: replay CORPUS_DIR\n");
        return 2;
    }
    for (g = 0; wr_games[g]; g++) {
        DIR *d;
        struct dirent *e;
        snprintf(path, sizeof path, "%s/%s", argv[1], wr_games[g]->name);
        d = opendir(path);
        if (!d) { /* a game without its corpus folder is a broken checkout, not a pass */
            fprintf(stderr, "replay: cannot open %s\n", path);
            failed++;
            continue;
        }
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            snprintf(path, sizeof path, "%s/%s/%s", argv[1], wr_games[g]->name, e->d_name);
            if (replay_file(wr_games[g]->name, path)) files++;
            else failed++;
        }
        closedir(d);
    }
    printf("replayed %d corpus files (%d unreadable or missing)\n", files, failed);
    return failed ? 1 : 0;
}
