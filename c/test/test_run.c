/* test_run.c — the library's front door, wr_run: options are checked once
 * there for every game and every caller, before any solver sees them. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "winrate.h"

/* wr_run on text with opt; returns its code and leaves the message in err. */
static int run(const char *game, const char *text, const wr_options *opt, wr_error *err)
{
    wr_buf out;
    int rc;
    wr_buf_init(&out);
    rc = wr_run(game, text, strlen(text), opt, &out, err);
    wr_buf_free(&out);
    return rc;
}

static void test_options_refused(void)
{
    static const char hop[] = "1 3\nJJD\n3 1\n", dice[] = "A D\n4 3\n";
    static const struct {
        const char *what, *game, *text, *message;
        int digits, sweep, own;
        double memory;
    } cases[] = {
        {"the sweep that overflowed in WASM", "hopchess", hop, "sweep must be a whole number from 1 to 1000", -1, 70000, 0, 0},
        {"sweep 1001", "hopchess", hop, "sweep must be a whole number from 1 to 1000", -1, 1001, 0, 0},
        {"sweep -1", "hopchess", hop, "sweep must be a whole number from 1 to 1000", -1, -1, 0, 0},
        {"own hints 2", "codenames", "3 R\na b c\nR B A\n1\n1 a\n", "own-hints-only is on (1) or off (0)", -1, 0, 2, 0},
        {"sweep on codenames", "codenames", "3 R\na b c\nR B A\n1\n1 a\n", "sweep applies to hopchess only", -1, 3, 0, 0},
        {"sweep on dice", "dice", dice, "sweep applies to hopchess only", -1, 3, 0, 0},
        {"own hints on dice", "dice", dice, "own-hints-only applies to codenames only", -1, 0, 1, 0},
        {"digits 18", "dice", dice, "digits must be a whole number from 0 to 17", 18, 0, 0, 0},
        {"digits -2", "dice", dice, "digits must be a whole number from 0 to 17", -2, 0, 0, 0},
        {"memory 0.5 MB", "dice", dice, "the memory budget must be from 1 to 1048576 MB", -1, 0, 0, 0.5},
        {"memory -1 MB", "dice", dice, "the memory budget must be from 1 to 1048576 MB", -1, 0, 0, -1},
        {"memory NaN", "dice", dice, "the memory budget must be from 1 to 1048576 MB", -1, 0, 0, NAN},
        {"memory 2 TB", "dice", dice, "the memory budget must be from 1 to 1048576 MB", -1, 0, 0, 2097152},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wr_options o;
        wr_error err;
        wr_options_init(&o);
        o.digits = cases[i].digits;
        if (cases[i].sweep) wr_options_set(&o, "sweep", cases[i].sweep, &err);
        if (cases[i].own) wr_options_set(&o, "own-hints-only", cases[i].own, &err);
        o.memory_mb = cases[i].memory;
        TEST_COND(cases[i].what, run(cases[i].game, cases[i].text, &o, &err) == WR_EUSAGE &&
                                     err.code == WR_EUSAGE && err.line == 0 &&
                                     strcmp(err.message, cases[i].message) == 0);
    }
}

static void test_options_accepted(void)
{
    wr_options o;
    wr_error err;
    wr_options_init(&o);
    TEST_COND("defaults", run("dice", "A D\n4 3\n", &o, &err) == WR_OK);
    wr_options_set(&o, "sweep", 1000, &err);
    o.memory_mb = 4; /* the 1000 x 1000 sweep table needs about 2 MB */
    o.digits = 17;
    TEST_COND("the range ends, sweep on hopchess", run("hopchess", "1 3\nJJD\n3 1\n", &o, &err) == WR_OK);
    wr_options_init(&o);
    wr_options_set(&o, "own-hints-only", 1, &err);
    TEST_COND("own hints on codenames",
              run("codenames", "3 R\na b c\nR B A\n1\n1 a\n", &o, &err) == WR_OK);
}

/* Game options by name: unknown names, a full list, a value replaced. */
static void test_game_options(void)
{
    wr_options o;
    wr_error err;
    int i;
    char name[16];
    wr_options_init(&o);
    TEST_COND("an unknown option is refused by wr_run",
              wr_options_set(&o, "swep", 3, &err) == WR_OK &&
                  run("hopchess", "1 3\nJJD\n3 1\n", &o, &err) == WR_EUSAGE &&
                  strcmp(err.message, "unknown option 'swep'") == 0);
    TEST_COND("a name too long", wr_options_set(&o, "a-name-longer-than-the-limit", 1, &err) == WR_EUSAGE);
    wr_options_init(&o);
    for (i = 0; i < WR_MAX_GAME_OPTIONS; i++) {
        snprintf(name, sizeof name, "o%d", i);
        wr_options_set(&o, name, 1, &err);
    }
    TEST_COND("the list is full", wr_options_set(&o, "one-more", 1, &err) == WR_EUSAGE);
    TEST_COND("a set name is replaced, not added", wr_options_set(&o, "o0", 2, &err) == WR_OK &&
                                                      o.n_game_options == WR_MAX_GAME_OPTIONS &&
                                                      o.game_options[0].value == 2);
    wr_options_init(&o);
    wr_options_set(&o, "sweep", 5000, &err);
    wr_options_set(&o, "sweep", 2, &err);
    TEST_COND("the last value counts", run("hopchess", "1 3\nJJD\n3 1\n", &o, &err) == WR_OK);
}

void test_run(void)
{
    test_options_refused();
    test_options_accepted();
    test_game_options();
}
