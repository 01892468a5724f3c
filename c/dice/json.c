/* json.c — the Battle Dice JSON analysis and the CLI's run. */
#include <stdlib.h>

#include "common/json.h"
#include "internal.h"

/* A die's faces, normalised: attacks then defences, '-' for a blank face. */
static void json_faces(wr_json *j, const char *key, const dice_die *die)
{
    int i, k;
    wr_jw_array(j, key);
    for (i = 0; i < die->nfaces; i++) {
        char face[DICE_MAX_ICONS + 1];
        int n = 0;
        for (k = 0; k < die->faces[i].attack; k++) face[n++] = 'A';
        for (k = 0; k < die->faces[i].defence; k++) face[n++] = 'D';
        if (n == 0) face[n++] = '-';
        wr_jw_strn(j, NULL, face, (size_t)n);
    }
    wr_jw_close(j);
}

void dice_write_json(const dice_request *req, const dice_result *res, wr_buf *b)
{
    int U1 = res->units[0], U2 = res->units[1], i;
    wr_json j;
    wr_jw_begin(&j, b);
    wr_jw_str(&j, "game", "dice");
    wr_jw_num(&j, "answer", dice_answer(res));
    json_faces(&j, "faces1", &req->die[0]);
    json_faces(&j, "faces2", &req->die[1]);
    wr_jw_bool(&j, "sameDie", req->same_die);
    wr_jw_array(&j, "units");
    wr_jw_int(&j, NULL, U1);
    wr_jw_int(&j, NULL, U2);
    wr_jw_close(&j);
    if (res->rolls > 0) {
        /* cut short: the outcomes after at most R rolls (dice.h) */
        wr_jw_int(&j, "rolls", res->rolls);
        wr_jw_num(&j, "win", res->win);
        wr_jw_num(&j, "draw", res->draw);
        wr_jw_num(&j, "loss", res->loss);
        wr_jw_num(&j, "stillFighting", res->still);
        wr_jw_nums(&j, "survivors1", res->survivors1, (size_t)U1 + 1);
        wr_jw_nums(&j, "survivors2", res->survivors2, (size_t)U2 + 1);
        wr_jw_nums(&j, "overWithin", res->over_within, (size_t)res->n_over);
        wr_jw_int(&j, "states", res->states);
        wr_jw_num(&j, "droppedMass", res->dropped_mass);
        wr_jw_end(&j);
        return;
    }
    /* The table's value, not the forward pass's (equal within 1e-12): the page's
     * answer, the CLI's text and "win" must be the same double. */
    wr_jw_num(&j, "win", dice_answer(res));
    wr_jw_num(&j, "draw", res->draw);
    wr_jw_num(&j, "loss", res->loss);
    wr_jw_num(&j, "stalemate", res->stalemate);
    wr_jw_nums(&j, "survivors1", res->survivors1, (size_t)U1 + 1);
    wr_jw_nums(&j, "survivors2", res->survivors2, (size_t)U2 + 1);
    wr_jw_num(&j, "expectedRolls", res->expected_rolls); /* NAN -> null */
    if (res->n_over) wr_jw_nums(&j, "overWithin", res->over_within, (size_t)res->n_over); /* option length */
    wr_jw_array(&j, "table");
    for (i = 0; i < U1; i++) wr_jw_nums(&j, NULL, res->table + (size_t)i * U2, (size_t)U2);
    wr_jw_close(&j);
    wr_jw_int(&j, "states", res->states);
    wr_jw_num(&j, "droppedMass", res->dropped_mass);
    wr_jw_end(&j);
}

/* ------------------------------------------------------------------- run */

enum { OPT_ROLLS, OPT_LENGTH };
static const wr_option_spec options[] = {{"rolls", 1, DICE_MAX_ROLLS, 0}, {"length", 0, 1, 1}, {NULL, 0, 0, 0}};

static int dice_run(const char *text, size_t len, const wr_options *opt, const int *values,
                    wr_buf *out, wr_error *err)
{
    dice_request req;
    dice_result res;
    int rc = dice_parse(text, len, &req, err);
    if (rc) return rc;
    req.rolls = values[OPT_ROLLS]; /* 0: not given, fight to the end */
    req.length = values[OPT_LENGTH];
    rc = dice_solve(&req, opt->json, opt, &res, err);
    if (rc) return rc;
    if (opt->json) {
        dice_write_json(&req, &res, out);
    } else {
        wr_buf_prob(out, dice_answer(&res), opt->digits);
        wr_buf_puts(out, "\n");
    }
    dice_result_free(&res);
    return wr_buf_status(out);
}

const wr_game wr_game_dice = {"dice", DICE_DEFAULT_DIGITS, options, dice_run};
