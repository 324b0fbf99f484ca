# Sourced by scripts/setup.sh and scripts/make-captures.sh.
# missing_packages PKG...  prints the Debian packages of the list that are not installed
# install_packages WHO PKG...  installs them with apt (sudo when not root), quietly; WHO labels the message
missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

install_packages() {
  local who=$1
  shift
  [ "$#" -gt 0 ] || return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "$who: installing $*" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >&2
}
