# What an AppCDS archive is valid for, as one line: the JAR (real path, modification time, size) and the JVM (the
# real path of the java binary and its modification time). make-cds-archive.sh writes it next to the archive;
# scripts/framescope uses the archive only when the line still matches. The leading "real-path" says the archive was
# trained on the JAR's real path: an archive from before (trained on whatever path it was given, perhaps a relative
# one that fails from other folders) has no such key, so it is made again.
cds_key() {
  local jar java
  jar=$(readlink -f "$1") || return 1
  java=$(readlink -f "$(command -v java)") || return 1
  printf 'real-path %s %s | %s %s\n' "$jar" "$(stat -c '%Y %s' "$jar")" "$java" "$(stat -c '%Y' "$java")"
}
