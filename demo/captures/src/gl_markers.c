/*
 * GL 3.3 core fixture for where API messages are placed when other calls and marker actions sit between the call
 * that raised one and the next draw or clear. GL reports its debug output during the call; RenderDoc files it under
 * the next action that carries messages (a draw, clear, dispatch, copy or mip generation; not a marker, glFlush or
 * glFinish), so the tools must find the call a message names however many actions come between:
 *   - glEnable(0xDEAD) in "Frame", then a glDebugMessageInsert marker and the Clear group's push before its glClear;
 *   - glBlendFunc(GL_ONE, 0xBEEF) in "Frame/Glow setup", then a valid glEnable, the group's end, another marker and
 *     the "Frame/Glow" draw;
 *   - glHint(0xBAD1, ...) and glHint(0xBAD2, ...) in "Frame/Hints", with a glFlush between: two messages that name
 *     glHint but quote neither target, filed under one draw;
 *   - an error the application inserts itself (glDebugMessageInsert of type ERROR), which names no call;
 *   - glEnable(0xDEAD) again in "Frame/Overlay", right before its draw (the same text as the first message).
 * Same scaffolding as gl_scene.c (gl_fixture.h); src/gl_markers.truth.json names each message's call by event.
 *
 * Build and capture: scripts/make-captures.sh gl_markers. Run alone: EGL_PLATFORM=surfaceless ./gl_markers out
 */
#include "gl_fixture.h"

static void marker(const char *text) {
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 0, GL_DEBUG_SEVERITY_NOTIFICATION, -1,
                         text);
}

int main(int argc, char **argv) {
    Fixture f = setup("gl_markers", argc > 1 ? argv[1] : "gl_markers", FS_NAN);
    if (rdoc) rdoc->StartFrameCapture(NULL, NULL);

    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo);
    glViewport(0, 0, W, H);

    group("Frame");
    glEnable(0xDEAD);                  /* GL_INVALID_ENUM; a marker and a push come before the glClear */
    marker("clear follows");
    clear_scene();

    group("Glow setup");
    glBlendFunc(GL_ONE, 0xBEEF);       /* GL_INVALID_ENUM quoting dfactor; then a valid glEnable */
    glEnable(GL_BLEND);
    end_group();
    marker("glow follows");
    group("Glow");                     /* green over [0,256) x [192,256) */
    solid_rect(f.colour, (float[]) {0.1f, 0.6f, 0.2f, 1.0f}, "glow", 0, 192, 256, 256);
    end_group();
    glDisable(GL_BLEND);

    group("Hints");
    glHint(0xBAD1, GL_NICEST);         /* GL_INVALID_ENUM in glHint(target): names the call, quotes no value */
    glFlush();
    glHint(0xBAD2, GL_NICEST);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_ERROR, 7, GL_DEBUG_SEVERITY_HIGH, -1,
                         "streaming fell behind"); /* the application's own error: no call named */
    marker("hinted draw follows");
    solid_rect(f.colour, (float[]) {0.9f, 0.9f, 0.2f, 1.0f}, "hinted", 0, 0, 16, 16);
    end_group();

    group("Overlay");
    glEnable(0xDEAD);                  /* the same message as the first, raised right before this draw */
    solid_rect(f.colour, (float[]) {0.2f, 0.2f, 0.9f, 1.0f}, "overlay", 224, 16, 240, 32);
    end_group();

    end_group(); /* Frame */
    finish();
    return 0;
}
