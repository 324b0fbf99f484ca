"""What the shader tools read about a shader besides its reflection: RenderDoc's disassembly (the text of the
instruction a debug step ran) and which source file and line an instruction came from. RenderDoc 1.24's SPIR-V
debugger numbers a line's file by the id of its OpString (measured: fileIndex 1 with one file, whose OpString is %1),
so the ids are read from the module's OpSource instructions and mapped to the reflection's files in order."""
import struct

import renderdoc as rd

# SPIR-V opcodes (the SPIR-V specification, 3.32.2 Debug Instructions)
OP_SOURCE = 3


def disassembly(c, ps, refl):
    """RenderDoc's own disassembly of the shader as lines (its first target, e.g. "SPIR-V (RenderDoc)"), cached."""
    key = ("disassembly", int(refl.resourceId), refl.entryPoint)
    if key not in c.cache:
        targets = c.controller.GetDisassemblyTargets(True)
        pipe = ps.GetGraphicsPipelineObject()
        c.cache[key] = c.controller.DisassembleShader(pipe, refl, targets[0]).split("\n") if targets else []
    return c.cache[key]


class Files:
    """The shader's source files and the map from a debug line's file number to one of them."""

    def __init__(self, files, ids):
        self.files = files
        self.ids = ids

    def first_name(self):
        return self.files[0].filename if self.files else None

    def line(self, file_index, line):
        """{file, line, text} of a source line, or None where the shader has no source for it."""
        if line <= 0:
            return None
        index = self.ids.get(file_index, file_index if 0 <= file_index < len(self.files) else None)
        if index is None or index >= len(self.files):
            return None
        lines = self.files[index].contents.split("\n")
        return {"file": self.files[index].filename, "line": line,
                "text": lines[line - 1].strip() if line <= len(lines) else None}


def file_map(refl):
    files = list(refl.debugInfo.files)
    return Files(files, source_file_ids(bytes(refl.rawBytes)) if refl.encoding == rd.ShaderEncoding.SPIRV else {})


def source_file_ids(module):
    """OpString id -> position among the module's OpSource instructions that name a file."""
    if len(module) < 20 or struct.unpack_from("<I", module)[0] != 0x07230203:
        return {}
    words = struct.unpack("<%dI" % (len(module) // 4), module[:len(module) // 4 * 4])
    at, ids = 5, {}
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        if count == 0:
            break
        if opcode == OP_SOURCE and count >= 4:
            ids.setdefault(words[at + 3], len(ids))
        at += count
    return ids
