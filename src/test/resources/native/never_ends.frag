#version 310 es
// EffectPassIT's shader that does not end in any useful time. lavapipe stops a loop after 65535 iterations (a
// whole loop nest too), so this one runs that many with `step` 0 (an empty uniforms file), each costly, on every pixel
// of a large target: hours of work for the caller's time limit to stop.
precision highp float;

layout(std140, set = 0, binding = 0) uniform Params {
    float step;
} params;
layout(location = 0) out vec4 colour;

void main() {
    vec4 sum = vec4(0.0);
    for (float i = 0.0; i < 1.0; i += params.step) {
        sum = sin(sum * 1.0001 + gl_FragCoord.xyxy) + cos(sum.yzwx) * exp(-sum.zwxy);
        sum = pow(abs(sum), vec4(1.01)) + atan(sum, sum.wxyz + 1.5);
    }
    colour = sum;
}
