package dev.framescope.cli;

import dev.framescope.common.ToolException;
import dev.framescope.common.WritableRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The pictures assert-effects writes into a folder the person named: the goldens ({@code --update}) and the diff
 * pictures of failing effects, each {@code <folder>/<effect id>.png} (an id {@code synth/gradient} is a file in a
 * subfolder). Never through a link below that folder: a subfolder or file that is a link is refused, the way
 * save_texture and the console refuse them ({@link WritableRoots}), since a golden tree can hold links to anything
 * (a golden linked to a shared file was overwritten with a PNG, a linked subfolder received goldens); the file is
 * replaced by a rename, never written into.
 */
final class EffectPictures {

    /** Why a picture was not written, in words for a FAIL line. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private EffectPictures() {
    }

    /** Writes {@code png} as {@code <folder>/<id>.png}, {@code option} naming the folder in a refusal. */
    static Path write(Path folder, String option, String id, byte[] png) throws Refused, IOException {
        List<String> parts = Arrays.asList(id.split("/"));
        Path file;
        try {
            Files.createDirectories(folder);
            file = WritableRoots.folders(folder, parts.subList(0, parts.size() - 1))
                    .resolve(parts.get(parts.size() - 1) + ".png");
            WritableRoots.refuseLinkOrSpecial(option, id + ".png", file);
        } catch (WritableRoots.NotAFolder e) {
            throw new Refused(e.getMessage() + " below " + option + " " + folder + "; FrameScope does not write "
                    + "through links");
        } catch (ToolException e) {
            throw new Refused(e.getMessage());
        }
        WritableRoots.writeAtomically(file, png);
        return file;
    }
}
