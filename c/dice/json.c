/* json.c — the Battle Dice JSON analysis and the CLI's run. */
#include <stdlib.h>

#include "internal.h"

static void json_faces(wr_buf *b, const dice_die *die)
{
    int i, k;
    wr_buf_puts(b, "[");
    for (i = 0; i < die->nfaces; i++) {
        char face[DICE_MAX_ICONS + 1];
        int n = 0;
        for (k = 0; k < die->faces[i].attack; k++) face[n++] = 'A';
        for (k = 0; k < die->faces[i].defence; k++) face[n++] = 'D';
        if (n == 0) face[n++] = '-';
        if (i) wr_buf_puts(b, ",");
        wr_json_str(b, face, (size_t)n);
    }
    wr_buf_puts(b, "]");
}

static void json_array(wr_buf *b, const double *v, int n)
{
    int i;
    wr_buf_puts(b, "[");
    for (i = 0; i < n; i++) {
        if (i) wr_buf_puts(b, ",");
        wr_json_num(b, v[i]);
    }
    wr_buf_puts(b, "]");
}

void dice_write_json(const dice_request *req, const dice_result *res, wr_buf *b)
{
    int U1 = res->units[0], U2 = res->units[1], i;
    wr_buf_puts(b, "{");
    wr_json_key(b, "game");
    wr_json_str(b, "dice", 4);
    wr_buf_puts(b, ",");
    wr_json_key(b, "answer");
    wr_json_num(b, dice_answer(res));
    wr_buf_puts(b, ",");
    wr_json_key(b, "faces1");
    json_faces(b, &req->die[0]);
    wr_buf_puts(b, ",");
    wr_json_key(b, "faces2");
    json_faces(b, &req->die[1]);
    wr_buf_puts(b, ",");
    wr_json_key(b, "sameDie");
    wr_buf_puts(b, req->same_die ? "true" : "false");
    wr_buf_printf(b, ",\"units\":[%d,%d],", U1, U2);
    /* The table's value, not the forward pass's (equal within 1e-12): the page's
     * answer, the CLI's text and "win" must be the same double. */
    wr_json_key(b, "win");
    wr_json_num(b, dice_answer(res));
    wr_buf_puts(b, ",");
    wr_json_key(b, "draw");
    wr_json_num(b, res->draw);
    wr_buf_puts(b, ",");
    wr_json_key(b, "loss");
    wr_json_num(b, res->loss);
    wr_buf_puts(b, ",");
    wr_json_key(b, "stalemate");
    wr_json_num(b, res->stalemate);
    wr_buf_puts(b, ",");
    wr_json_key(b, "survivors1");
    json_array(b, res->survivors1, U1 + 1);
    wr_buf_puts(b, ",");
    wr_json_key(b, "survivors2");
    json_array(b, res->survivors2, U2 + 1);
    wr_buf_puts(b, ",");
    wr_json_key(b, "expectedRolls");
    wr_json_num(b, res->expected_rolls); /* NAN -> null */
    wr_buf_puts(b, ",");
    wr_json_key(b, "table");
    wr_buf_puts(b, "[");
    for (i = 0; i < U1; i++) {
        if (i) wr_buf_puts(b, ",");
        json_array(b, res->table + (size_t)i * U2, U2);
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "states");
    wr_buf_printf(b, "%lld", res->states);
    wr_buf_puts(b, ",");
    wr_json_key(b, "droppedMass");
    wr_json_num(b, res->dropped_mass);
    wr_buf_puts(b, "}\n");
}

/* ------------------------------------------------------------------- run */

static int dice_run(const char *text, size_t len, const wr_options *opt, wr_buf *out,
                    wr_error *err)
{
    dice_request req;
    dice_result res;
    int rc = dice_parse(text, len, &req, err);
    if (rc) return rc;
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

const wr_game wr_game_dice = {"dice", DICE_DEFAULT_DIGITS, 0, dice_run};
