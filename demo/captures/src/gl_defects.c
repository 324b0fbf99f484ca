/*
 * GL 3.3 core fixture for FrameScope's RenderDoc tools: one frame, drawn offscreen through EGL on the surfaceless
 * platform (no X server), captured with RenderDoc's in-application API. Every draw sits in its own debug group, so
 * tests find it by marker path; ground-truth.json (written by scripts/make-captures.sh) says what each one does.
 * Coordinates in comments are pixels of the 256x256 target, top-left origin (as RenderDoc addresses pixels).
 *
 * Build and capture: scripts/make-captures.sh. Run alone: EGL_PLATFORM=surfaceless ./gl_defects out_template
 * [fixed|tuned]
 *
 * The same scene is also taken other ways, for diff_captures: built with -DUSE_GLFW the context comes from a GLFW
 * window (GLX, on Xvfb) instead of an EGL pbuffer, and every draw is the same; with the argument "fixed" the NaN
 * quad's shader guards its division (0 instead of 0/0), so that draw, and only it, differs; with "tuned" two draws
 * differ in what is not a shader: the tiled quad is drawn with additive blending (its pixels' alpha becomes 2 on the
 * black, opaque clear; colour unchanged) and the degenerate draw draws 3 of its 6 vertices. Built with -DUSE_GLFW
 * and run with "swap", it draws the scene frame after frame with a swap after each, as a game does, for a capture
 * taken through RenderDoc's target control (gl_defects_swap: the frame ends at glXSwapBuffers).
 */
#include "gl_fixture.h"
#include <unistd.h>

/* The swap take draws until RenderDoc has captured a frame, or about 30 s at 10 ms a frame when nobody asks. */
#define SWAP_FRAMES_MAX 3000

/* The frame: every call between the capture's start and its end (then glFinish, and the end or the swap). */
static void draw_frame(Fixture f, int tuned) {
    float v[64 * 4];
    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo);
    glViewport(0, 0, W, H);
    group("Frame");

    clear_scene();

    group("Opaque");
    group("Background quad");          /* green over [0,256) x [192,256), depth 0.5 */
    solid_rect(f.colour, (float[]) {0.1f, 0.6f, 0.2f, 1.0f}, "background", 0, 192, 256, 256);
    end_group();
    end_group();

    group("Defects");
    group("NaN quad");                 /* NaN in r, g, b over [16,48) x [16,48) */
    zero_rect(f.nan, "nan", 16, 16, 48, 48);
    end_group();

    group("Inf quad");                 /* +Inf in r over [64,96) x [16,48) */
    zero_rect(f.inf, "inf", 64, 16, 96, 48);
    end_group();

    group("Bad vertices");             /* vertex 1 at x = 1e30, vertex 2 with y = NaN */
    glUseProgram(f.colour);
    glUniform4f(glGetUniformLocation(f.colour, "colour"), 1.0f, 0.0f, 1.0f, 1.0f);
    float bad[3][4] = {{-0.5f, -0.5f, 0, 1}, {1e30f, -0.5f, 0, 1}, {0.0f, NAN, 0, 1}};
    upload("bad", &bad[0][0], 3, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    end_group();

    group("Tiled UVs");                /* UVs from -50 to 50 on a REPEAT texture over [128,192) x [16,80) */
    glUseProgram(f.textured);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, f.checker);
    glUniform1i(glGetUniformLocation(f.textured, "checker"), 0);
    quad(v, 128, 16, 192, 80, 0.0f);
    float tiled[6][2] = {{-50, -50}, {50, -50}, {50, 50}, {-50, -50}, {50, 50}, {-50, 50}};
    upload("tiled", v, 6, &tiled[0][0]);
    if (tuned) {
        glEnable(GL_BLEND);
        glBlendFunc(GL_ONE, GL_ONE);
    }
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_BLEND);
    end_group();

    group("Degenerate triangles");     /* two zero-area triangles: repeated and collinear vertices */
    glUseProgram(f.colour);
    glUniform4f(glGetUniformLocation(f.colour, "colour"), 1.0f, 1.0f, 0.0f, 1.0f);
    float degenerate[6][4] = {{0.1f, 0.1f, 0, 1}, {0.1f, 0.1f, 0, 1}, {0.3f, 0.2f, 0, 1},
                              {0.0f, 0.0f, 0, 1}, {0.2f, 0.2f, 0, 1}, {0.4f, 0.4f, 0, 1}};
    upload("degenerate", &degenerate[0][0], 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, tuned ? 3 : 6);
    end_group();

    group("Overdraw stack");           /* 16 blended quads over [128,160) x [128,160), depth test off */
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    glUniform4f(glGetUniformLocation(f.colour, "colour"), 0.05f, 0.05f, 0.05f, 0.0f);
    quad(v, 128, 128, 160, 160, 0.0f);
    upload("overdraw", v, 6, NULL);
    for (int i = 0; i < 16; i++) glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_BLEND);
    glEnable(GL_DEPTH_TEST);
    end_group();
    end_group();

    group("UI");
    group("No depth target");          /* into ui_fbo_no_depth: white over [0,64) x [0,64) of ui_color */
    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo_no_depth);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glUniform4f(glGetUniformLocation(f.colour, "colour"), 1.0f, 1.0f, 1.0f, 1.0f);
    quad(v, 0, 0, 64, 64, 0.0f);
    upload("ui", v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();
    end_group();

    group("Errors");
    group("Invalid enable");           /* glEnable(0xDEAD): GL_INVALID_ENUM, then a small quad over [224,240)x[16,32) */
    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo);
    glEnable(0xDEAD);
    glUniform4f(glGetUniformLocation(f.colour, "colour"), 0.2f, 0.2f, 0.9f, 1.0f);
    quad(v, 224, 16, 240, 32, 0.1f);
    upload("error", v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();
    end_group();

    end_group(); /* Frame */
}

int main(int argc, char **argv) {
    int fixed = argc > 2 && strcmp(argv[2], "fixed") == 0;
    int tuned = argc > 2 && strcmp(argv[2], "tuned") == 0;
    Fixture f = setup("gl_defects", argc > 1 ? argv[1] : "gl_defects", fixed ? FS_NAN_FIXED : FS_NAN);
#ifdef USE_GLFW
    if (argc > 2 && strcmp(argv[2], "swap") == 0) {
        /* The same frame as a game draws it, again and again with a swap after each: RenderDoc's target control
         * (scripts/capture-frame.py) takes one of them from swap to swap, so the capture ends at glXSwapBuffers
         * instead of an in-application EndFrameCapture. */
        for (int frame = 0; frame < SWAP_FRAMES_MAX && !(rdoc && rdoc->GetNumCaptures() > 0); frame++) {
            draw_frame(f, 0);
            glFinish();
            glfwSwapBuffers(window);
            glfwPollEvents();
            usleep(10000);
        }
        end_context();
        return 0;
    }
#endif
    if (rdoc) rdoc->StartFrameCapture(NULL, NULL);
    draw_frame(f, tuned);
    finish();
    return 0;
}
