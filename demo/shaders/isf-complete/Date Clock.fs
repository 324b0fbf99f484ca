/*{
  "DESCRIPTION": "Shows DATE: red = month / 12, green = day / 31, blue = 1 when the year is after 2000.",
  "ISFVSN": "2",
  "INPUTS": []
}*/
void main() {
    gl_FragColor = vec4(DATE.y / 12.0, DATE.z / 31.0, DATE.x > 2000.0 ? 1.0 : 0.0, 1.0);
}
