/*{
  "DESCRIPTION": "Shows the image input through texture coordinates its .vs companion shifts by half the frame to the right (a vertex stage an ISF host runs).",
  "ISFVSN": "2",
  "INPUTS": [{"NAME": "inputImage", "TYPE": "image"}]
}*/
varying vec2 shifted;

void main() {
    gl_FragColor = vec4(IMG_NORM_PIXEL(inputImage, fract(shifted)).rgb, 1.0);
}
