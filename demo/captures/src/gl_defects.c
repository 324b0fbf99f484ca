/*
 * GL 3.3 core fixture for FrameScope's RenderDoc tools: one frame, drawn offscreen through EGL on the surfaceless
 * platform (no X server), captured with RenderDoc's in-application API. Every draw sits in its own debug group, so
 * tests find it by marker path; ground-truth.json (written by scripts/make-captures.sh) says what each one does.
 * Coordinates in comments are pixels of the 256x256 target, top-left origin (as RenderDoc addresses pixels).
 *
 * Build and capture: scripts/make-captures.sh. Run alone: EGL_PLATFORM=surfaceless ./gl_defects out_template [fixed]
 *
 * The same scene is also taken other ways, for diff_captures: built with -DUSE_GLFW the context comes from a GLFW
 * window (GLX, on Xvfb) instead of an EGL pbuffer, and every draw is the same; with the argument "fixed" the NaN
 * quad's shader guards its division (0 instead of 0/0), so that draw, and only it, differs.
 */
#define GL_GLEXT_PROTOTYPES
#ifdef USE_GLFW
#include <GLFW/glfw3.h>
#else
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
#include <GL/gl.h>
#include <GL/glext.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <renderdoc_app.h>

#define W 256
#define H 256

static RENDERDOC_API_1_6_0 *rdoc;

static void die(const char *what) {
    fprintf(stderr, "gl_defects: %s\n", what);
    exit(1);
}

static GLuint shader(GLenum type, const char *src) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "%s\n", log);
        die("shader does not compile");
    }
    return s;
}

static GLuint program(const char *label, const char *vs, const char *fs) {
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
    glBindAttribLocation(p, 0, "position");
    glBindAttribLocation(p, 1, "uv");
    glLinkProgram(p);
    GLint ok;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) die("program does not link");
    glObjectLabel(GL_PROGRAM, p, -1, label);
    return p;
}

static const char *VS =
    "#version 330 core\n"
    "layout(location = 0) in vec4 position;\n"
    "layout(location = 1) in vec2 uv;\n"
    "out vec2 v_uv;\n"
    "void main() { v_uv = uv; gl_Position = position; }\n";

/* A solid colour from a uniform. */
static const char *FS_COLOUR =
    "#version 330 core\n"
    "uniform vec4 colour;\n"
    "out vec4 frag;\n"
    "void main() { frag = colour; }\n";

/* 'zero' is a uniform set to 0.0, so the compiler cannot fold the division: 0/0 = NaN, 1/0 = +Inf. */
static const char *FS_NAN =
    "#version 330 core\n"
    "uniform float zero;\n"
    "out vec4 frag;\n"
    "void main() { float n = zero / zero; frag = vec4(n, n, n, 1.0); }\n";

/* The same draw with the division guarded: what a fix of the NaN quad looks like. */
static const char *FS_NAN_FIXED =
    "#version 330 core\n"
    "uniform float zero;\n"
    "out vec4 frag;\n"
    "void main() { float n = zero != 0.0 ? zero / zero : 0.0; frag = vec4(n, n, n, 1.0); }\n";

static const char *FS_INF =
    "#version 330 core\n"
    "uniform float zero;\n"
    "out vec4 frag;\n"
    "void main() { float i = 1.0 / zero; frag = vec4(i, 0.0, 0.0, 1.0); }\n";

static const char *FS_TEXTURED =
    "#version 330 core\n"
    "uniform sampler2D checker;\n"
    "in vec2 v_uv;\n"
    "out vec4 frag;\n"
    "void main() { frag = texture(checker, v_uv); }\n";

/* Pixel rectangle [x0, x1) x [y0, y1), top-left origin, as two triangles in clip space (x, y, z, w). */
static void quad(float *out, int x0, int y0, int x1, int y1, float z) {
    float l = 2.0f * x0 / W - 1, r = 2.0f * x1 / W - 1;
    float t = 1 - 2.0f * y0 / H, b = 1 - 2.0f * y1 / H;
    float v[6][4] = {{l, b, z, 1}, {r, b, z, 1}, {r, t, z, 1}, {l, b, z, 1}, {r, t, z, 1}, {l, t, z, 1}};
    memcpy(out, v, sizeof v);
}

static GLuint vao, positions, uvs;

static void upload(const char *label, const float *xyzw, int vertices, const float *uv) {
    glBindBuffer(GL_ARRAY_BUFFER, positions);
    glBufferData(GL_ARRAY_BUFFER, vertices * 4 * sizeof(float), xyzw, GL_DYNAMIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
    glBindBuffer(GL_ARRAY_BUFFER, uvs);
    static float zeros[64 * 2];
    glBufferData(GL_ARRAY_BUFFER, vertices * 2 * sizeof(float), uv ? uv : zeros, GL_DYNAMIC_DRAW);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, 0);
    (void) label;
}

static void group(const char *name) {
    glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, -1, name);
}

static void end_group(void) {
    glPopDebugGroup();
}

#ifdef USE_GLFW
static GLFWwindow *window;

static void make_context(void) {
    if (!glfwInit()) die("no GLFW (is DISPLAY set?)");
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window = glfwCreateWindow(W, H, "gl_defects", NULL, NULL);
    if (!window) die("no GL 3.3 core window");
    glfwMakeContextCurrent(window);
}

static void end_context(void) {
    glfwDestroyWindow(window);
    glfwTerminate();
}
#else
static EGLDisplay display;

static void make_context(void) {
    display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) die("no EGL display");
    EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                               EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE};
    EGLConfig config;
    EGLint configs;
    if (!eglChooseConfig(display, config_attribs, &config, 1, &configs) || configs < 1) die("no EGL config");
    EGLint pbuffer_attribs[] = {EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE};
    EGLSurface surface = eglCreatePbufferSurface(display, config, pbuffer_attribs);
    if (!eglBindAPI(EGL_OPENGL_API)) die("no desktop GL");
    EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, surface, surface, context)) die("no GL 3.3 core");
}

static void end_context(void) {
    eglTerminate(display);
}
#endif

int main(int argc, char **argv) {
    const char *template_path = argc > 1 ? argv[1] : "gl_defects";
    int fixed = argc > 2 && strcmp(argv[2], "fixed") == 0;
    void *lib = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (lib) {
        pRENDERDOC_GetAPI get = (pRENDERDOC_GetAPI) dlsym(lib, "RENDERDOC_GetAPI");
        if (!get || !get(eRENDERDOC_API_Version_1_6_0, (void **) &rdoc)) die("RENDERDOC_GetAPI failed");
        rdoc->SetCaptureFilePathTemplate(template_path);
        /* Record the driver's debug messages (a debug context), so the invalid glEnable below is in the capture. */
        rdoc->SetCaptureOptionU32(eRENDERDOC_Option_APIValidation, 1);
        rdoc->SetCaptureOptionU32(eRENDERDOC_Option_DebugOutputMute, 0);
    } else {
        fprintf(stderr, "gl_defects: RenderDoc not loaded; drawing without a capture\n");
    }

    make_context();

    /* Resources, named so that iterate_actions' query and the manifest can refer to them. */
    GLuint hdr, depth, ldr, fbo, fbo_no_depth, checker;
    glGenTextures(1, &hdr);
    glBindTexture(GL_TEXTURE_2D, hdr);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, W, H, 0, GL_RGBA, GL_FLOAT, NULL);
    glObjectLabel(GL_TEXTURE, hdr, -1, "hdr_color");
    glGenTextures(1, &depth);
    glBindTexture(GL_TEXTURE_2D, depth);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, W, H, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
    glObjectLabel(GL_TEXTURE, depth, -1, "scene_depth");
    glGenTextures(1, &ldr);
    glBindTexture(GL_TEXTURE_2D, ldr);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glObjectLabel(GL_TEXTURE, ldr, -1, "ui_color");
    unsigned char pixels[8 * 8 * 4];
    for (int i = 0; i < 64; i++) {
        unsigned char c = ((i % 8) + (i / 8)) % 2 ? 255 : 40;
        pixels[4 * i] = c, pixels[4 * i + 1] = c, pixels[4 * i + 2] = c, pixels[4 * i + 3] = 255;
    }
    glGenTextures(1, &checker);
    glBindTexture(GL_TEXTURE_2D, checker);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glObjectLabel(GL_TEXTURE, checker, -1, "checker_texture");
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, hdr, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) die("hdr framebuffer incomplete");
    glObjectLabel(GL_FRAMEBUFFER, fbo, -1, "scene_fbo");
    glGenFramebuffers(1, &fbo_no_depth);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_no_depth);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, ldr, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) die("ui framebuffer incomplete");
    glObjectLabel(GL_FRAMEBUFFER, fbo_no_depth, -1, "ui_fbo_no_depth");

    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &positions);
    glGenBuffers(1, &uvs);
    glObjectLabel(GL_BUFFER, positions, -1, "positions");
    glObjectLabel(GL_BUFFER, uvs, -1, "uvs");
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    GLuint colour = program("colour_program", VS, FS_COLOUR);
    GLuint nan = program("nan_program", VS, fixed ? FS_NAN_FIXED : FS_NAN);
    GLuint inf = program("inf_program", VS, FS_INF);
    GLuint textured = program("textured_program", VS, FS_TEXTURED);

    if (rdoc) rdoc->StartFrameCapture(NULL, NULL);

    float v[64 * 4];
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glViewport(0, 0, W, H);
    group("Frame");

    group("Clear");
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    end_group();

    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);

    group("Opaque");
    group("Background quad");          /* green over [0,256) x [192,256), depth 0.5 */
    glUseProgram(colour);
    glUniform4f(glGetUniformLocation(colour, "colour"), 0.1f, 0.6f, 0.2f, 1.0f);
    quad(v, 0, 192, 256, 256, 0.0f);
    upload("background", v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();
    end_group();

    group("Defects");
    group("NaN quad");                 /* NaN in r, g, b over [16,48) x [16,48) */
    glUseProgram(nan);
    glUniform1f(glGetUniformLocation(nan, "zero"), 0.0f);
    quad(v, 16, 16, 48, 48, 0.0f);
    upload("nan", v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();

    group("Inf quad");                 /* +Inf in r over [64,96) x [16,48) */
    glUseProgram(inf);
    glUniform1f(glGetUniformLocation(inf, "zero"), 0.0f);
    quad(v, 64, 16, 96, 48, 0.0f);
    upload("inf", v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();

    group("Bad vertices");             /* vertex 1 at x = 1e30, vertex 2 with y = NaN */
    glUseProgram(colour);
    glUniform4f(glGetUniformLocation(colour, "colour"), 1.0f, 0.0f, 1.0f, 1.0f);
    float bad[3][4] = {{-0.5f, -0.5f, 0, 1}, {1e30f, -0.5f, 0, 1}, {0.0f, NAN, 0, 1}};
    upload("bad", &bad[0][0], 3, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    end_group();

    group("Tiled UVs");                /* UVs from -50 to 50 on a REPEAT texture over [128,192) x [16,80) */
    glUseProgram(textured);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, checker);
    glUniform1i(glGetUniformLocation(textured, "checker"), 0);
    quad(v, 128, 16, 192, 80, 0.0f);
    float tiled[6][2] = {{-50, -50}, {50, -50}, {50, 50}, {-50, -50}, {50, 50}, {-50, 50}};
    upload("tiled", v, 6, &tiled[0][0]);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();

    group("Degenerate triangles");     /* two zero-area triangles: repeated and collinear vertices */
    glUseProgram(colour);
    glUniform4f(glGetUniformLocation(colour, "colour"), 1.0f, 1.0f, 0.0f, 1.0f);
    float degenerate[6][4] = {{0.1f, 0.1f, 0, 1}, {0.1f, 0.1f, 0, 1}, {0.3f, 0.2f, 0, 1},
                              {0.0f, 0.0f, 0, 1}, {0.2f, 0.2f, 0, 1}, {0.4f, 0.4f, 0, 1}};
    upload("degenerate", &degenerate[0][0], 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();

    group("Overdraw stack");           /* 16 blended quads over [128,160) x [128,160), depth test off */
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    glUniform4f(glGetUniformLocation(colour, "colour"), 0.05f, 0.05f, 0.05f, 0.0f);
    quad(v, 128, 128, 160, 160, 0.0f);
    upload("overdraw", v, 6, NULL);
    for (int i = 0; i < 16; i++) glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_BLEND);
    glEnable(GL_DEPTH_TEST);
    end_group();
    end_group();

    group("UI");
    group("No depth target");          /* into ui_fbo_no_depth: white over [0,64) x [0,64) of ui_color */
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_no_depth);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glUniform4f(glGetUniformLocation(colour, "colour"), 1.0f, 1.0f, 1.0f, 1.0f);
    quad(v, 0, 0, 64, 64, 0.0f);
    upload("ui", v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();
    end_group();

    group("Errors");
    group("Invalid enable");           /* glEnable(0xDEAD): GL_INVALID_ENUM, then a small quad over [224,240)x[16,32) */
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glEnable(0xDEAD);
    glUniform4f(glGetUniformLocation(colour, "colour"), 0.2f, 0.2f, 0.9f, 1.0f);
    quad(v, 224, 16, 240, 32, 0.1f);
    upload("error", v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_group();
    end_group();

    end_group(); /* Frame */
    glFinish();

    if (rdoc) {
        if (!rdoc->EndFrameCapture(NULL, NULL)) die("EndFrameCapture failed");
        char path[1024];
        uint32_t length = sizeof path;
        if (rdoc->GetCapture(0, path, &length, NULL)) printf("%s\n", path);
    }
    end_context();
    return 0;
}
