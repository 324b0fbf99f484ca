/*
 * GL 3.3 core fixture for a frame that repeats bad calls: 1,500 times glEnable(0xDEAD) then glHint(0xBAD1, ...)
 * before one draw, as a render loop with a stale enum does. RenderDoc files all 3,000 debug messages under that
 * draw; each must be placed at its own call (the n-th "glEnable(0xdead)" message at the n-th glEnable), and the
 * digest must answer within its time limit (placing them one by one over the whole window took minutes).
 * Same scaffolding as gl_scene.c (gl_fixture.h); src/gl_message_flood.truth.json gives the events.
 *
 * Build and capture: scripts/make-captures.sh gl_message_flood. Run alone: EGL_PLATFORM=surfaceless ./gl_message_flood out
 */
#include "gl_fixture.h"

#define REPEATS 1500

int main(int argc, char **argv) {
    Fixture f = setup("gl_message_flood", argc > 1 ? argv[1] : "gl_message_flood", FS_NAN);
    if (rdoc) rdoc->StartFrameCapture(NULL, NULL);

    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo);
    glViewport(0, 0, W, H);
    group("Frame");
    clear_scene();
    group("Stale enums");
    for (int i = 0; i < REPEATS; i++) {
        glEnable(0xDEAD);              /* GL_INVALID_ENUM in glEnable(0xdead): quotes its value */
        glHint(0xBAD1, GL_NICEST);     /* GL_INVALID_ENUM in glHint(target): names the call only */
    }
    solid_rect(f.colour, (float[]) {0.1f, 0.6f, 0.2f, 1.0f}, "floor", 0, 192, 256, 256);
    end_group();
    end_group(); /* Frame */
    finish();
    return 0;
}
