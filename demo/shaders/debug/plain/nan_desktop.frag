#version 330 core
// debug_effect fixture: desktop GLSL 3.30, which the browser cannot run; columns x >= 32 take the square root of
// a negative number on line 11.
uniform float level;
uniform float below;
out vec4 colour;

void main() {
    float v = level;
    if (gl_FragCoord.x > 32.0)
        v = sqrt(below);
    colour = vec4(v, 0.25, 0.5, 1.0);
}
