#version 300 es
precision highp float;
uniform int volumeSize;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 geoOut;
void main() {
    float z = floor(gl_FragCoord.y / float(volumeSize));
    float v = (z + 0.5) / float(volumeSize);
    color = vec4(v, 0.0, 0.0, 1.0);
    geoOut = vec4(0.0, 0.0, 1.0, v);
}
