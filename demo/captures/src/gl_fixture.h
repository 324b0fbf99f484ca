/*
 * What the GL fixtures share (gl_defects.c, gl_scene.c): RenderDoc's in-application API, a GL 3.3 core context on
 * EGL's surfaceless platform (or, built with -DUSE_GLFW, from a GLFW window on an X server such as Xvfb), the named
 * targets and programs, and helpers that draw pixel rectangles in debug groups. Setup runs before StartFrameCapture,
 * so only the frames the fixtures draw differ between their captures.
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

static const char *fixture_name;

static void die(const char *what) {
    fprintf(stderr, "%s: %s\n", fixture_name, what);
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

/* The same draw with the division guarded: what a fix of the NaN quad looks like (gl_defects_fixed). */
__attribute__((unused)) static const char *FS_NAN_FIXED = /* only gl_defects draws the fixed take */
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

/* A "Clear" group that clears colour to opaque black and depth to 1, then the depth test the scenes draw with. */
static void clear_scene(void) {
    group("Clear");
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    end_group();

    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
}

/* Pixel rectangle [x0, x1) x [y0, y1) drawn by the bound program at depth 0. */
static void rect(const char *label, int x0, int y0, int x1, int y1) {
    float v[6 * 4];
    quad(v, x0, y0, x1, y1, 0.0f);
    upload(label, v, 6, NULL);
    glDrawArrays(GL_TRIANGLES, 0, 6);
}

/* A rectangle in one colour (the colour program). */
static void solid_rect(GLuint colour, const float rgba[4], const char *label, int x0, int y0, int x1, int y1) {
    glUseProgram(colour);
    glUniform4f(glGetUniformLocation(colour, "colour"), rgba[0], rgba[1], rgba[2], rgba[3]);
    rect(label, x0, y0, x1, y1);
}

/* A rectangle from the NaN or Inf program, whose uniform 'zero' is set to 0 here (gl_markers draws none). */
__attribute__((unused)) static void zero_rect(GLuint program, const char *label, int x0, int y0, int x1, int y1) {
    glUseProgram(program);
    glUniform1f(glGetUniformLocation(program, "zero"), 0.0f);
    rect(label, x0, y0, x1, y1);
}

/* The objects a fixture's frame draws with. */
typedef struct {
    GLuint hdr, depth, ldr, fbo, fbo_no_depth, checker, colour, nan, inf, textured;
} Fixture;

#ifdef USE_GLFW
static GLFWwindow *window;

static void make_context(void) {
    if (!glfwInit()) die("no GLFW (is DISPLAY set?)");
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window = glfwCreateWindow(W, H, fixture_name, NULL, NULL);
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

/* Everything before the frame; nan_shader is the NaN quad's fragment shader (FS_NAN, or FS_NAN_FIXED). */
static Fixture setup(const char *name, const char *template_path, const char *nan_shader) {
    Fixture f;
    fixture_name = name;
    void *lib = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (lib) {
        pRENDERDOC_GetAPI get = (pRENDERDOC_GetAPI) dlsym(lib, "RENDERDOC_GetAPI");
        if (!get || !get(eRENDERDOC_API_Version_1_6_0, (void **) &rdoc)) die("RENDERDOC_GetAPI failed");
        rdoc->SetCaptureFilePathTemplate(template_path);
        /* Record the driver's debug messages (a debug context), so the invalid glEnable below is in the capture. */
        rdoc->SetCaptureOptionU32(eRENDERDOC_Option_APIValidation, 1);
        rdoc->SetCaptureOptionU32(eRENDERDOC_Option_DebugOutputMute, 0);
    } else {
        fprintf(stderr, "%s: RenderDoc not loaded; drawing without a capture\n", fixture_name);
    }

    make_context();

    /* Resources, named so that iterate_actions' query and the manifest can refer to them. */
    glGenTextures(1, &f.hdr);
    glBindTexture(GL_TEXTURE_2D, f.hdr);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, W, H, 0, GL_RGBA, GL_FLOAT, NULL);
    glObjectLabel(GL_TEXTURE, f.hdr, -1, "hdr_color");
    glGenTextures(1, &f.depth);
    glBindTexture(GL_TEXTURE_2D, f.depth);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, W, H, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
    glObjectLabel(GL_TEXTURE, f.depth, -1, "scene_depth");
    glGenTextures(1, &f.ldr);
    glBindTexture(GL_TEXTURE_2D, f.ldr);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glObjectLabel(GL_TEXTURE, f.ldr, -1, "ui_color");
    unsigned char pixels[8 * 8 * 4];
    for (int i = 0; i < 64; i++) {
        unsigned char c = ((i % 8) + (i / 8)) % 2 ? 255 : 40;
        pixels[4 * i] = c, pixels[4 * i + 1] = c, pixels[4 * i + 2] = c, pixels[4 * i + 3] = 255;
    }
    glGenTextures(1, &f.checker);
    glBindTexture(GL_TEXTURE_2D, f.checker);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glObjectLabel(GL_TEXTURE, f.checker, -1, "checker_texture");
    glGenFramebuffers(1, &f.fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, f.hdr, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, f.depth, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) die("hdr framebuffer incomplete");
    glObjectLabel(GL_FRAMEBUFFER, f.fbo, -1, "scene_fbo");
    glGenFramebuffers(1, &f.fbo_no_depth);
    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo_no_depth);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, f.ldr, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) die("ui framebuffer incomplete");
    glObjectLabel(GL_FRAMEBUFFER, f.fbo_no_depth, -1, "ui_fbo_no_depth");

    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &positions);
    glGenBuffers(1, &uvs);
    glObjectLabel(GL_BUFFER, positions, -1, "positions");
    glObjectLabel(GL_BUFFER, uvs, -1, "uvs");
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    f.colour = program("colour_program", VS, FS_COLOUR);
    f.nan = program("nan_program", VS, nan_shader);
    f.inf = program("inf_program", VS, FS_INF);
    f.textured = program("textured_program", VS, FS_TEXTURED);

    return f;
}

/* Finishes the frame, ends the capture and prints its path (make-captures.sh reads the last line). */
static void finish(void) {
    glFinish();

    if (rdoc) {
        if (!rdoc->EndFrameCapture(NULL, NULL)) die("EndFrameCapture failed");
        char path[1024];
        uint32_t length = sizeof path;
        if (rdoc->GetCapture(0, path, &length, NULL)) printf("%s\n", path);
    }
    end_context();
}
