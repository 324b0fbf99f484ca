/*
 * GL 3.3 core "scene" fixture, shaped like a game frame rather than a list of defects: an invalid call before any
 * marker (so GL files its message under the first action, the Frame/Clear clear), a floor, then one NaN-writing
 * draw over a 51 x 102 box in the middle of the target. The digest must rank the NaN before the API error, report
 * the error at the glEnable itself, and the console must show the whole box. Same scaffolding as gl_defects.c;
 * ground-truth.json (written by scripts/make-captures.sh) says what each draw does.
 * Coordinates in comments are pixels of the 256x256 target, top-left origin (as RenderDoc addresses pixels).
 *
 * Build and capture: scripts/make-captures.sh. Run alone: EGL_PLATFORM=surfaceless ./gl_scene out_template
 */
#include "gl_fixture.h"

int main(int argc, char **argv) {
    Fixture f = setup("gl_scene", argc > 1 ? argv[1] : "gl_scene", FS_NAN);
    if (rdoc) rdoc->StartFrameCapture(NULL, NULL);

    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo);
    glViewport(0, 0, W, H);
    glEnable(0xDEAD);                  /* GL_INVALID_ENUM before any marker; GL files it under the next action */

    group("Frame");
    clear_scene();

    group("Opaque");
    group("Floor");                    /* green over [0,256) x [192,256) */
    solid_rect(f.colour, (float[]) {0.1f, 0.6f, 0.2f, 1.0f}, "floor", 0, 192, 256, 256);
    end_group();
    end_group();

    group("Lights");
    group("Bloom");                    /* NaN in r, g, b over [103,154) x [77,179): 51 x 102 in the middle */
    zero_rect(f.nan, "bloom", 103, 77, 154, 179);
    end_group();
    end_group();

    end_group(); /* Frame */
    finish();
    return 0;
}
