package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @TempDir
    Path dir;

    @Test
    void deletesNestedTree() throws Exception {
        Path tree = dir.resolve("tree");
        Files.createDirectories(tree.resolve("a/b/c"));
        Files.writeString(tree.resolve("top.txt"), "top");
        Files.writeString(tree.resolve("a/one.txt"), "one");
        Files.writeString(tree.resolve("a/b/c/deep.txt"), "deep");
        Files.createDirectories(tree.resolve("empty"));

        FileTrees.deleteTree(tree);

        assertFalse(Files.exists(tree, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(dir), "the folder holding the tree stays");
    }

    @Test
    void deletesLinksInsideTreeButNotWhatTheyPointTo() throws Exception {
        Path outside = dir.resolve("outside");
        Files.createDirectories(outside.resolve("sub"));
        Files.writeString(outside.resolve("keep.txt"), "keep");
        Files.writeString(outside.resolve("sub/keep-too.txt"), "keep too");
        Path tree = dir.resolve("tree");
        Files.createDirectories(tree.resolve("inner"));
        Files.writeString(tree.resolve("inner/mine.txt"), "mine");
        Files.createSymbolicLink(tree.resolve("inner/to-outside"), outside);
        Files.createSymbolicLink(tree.resolve("to-file"), outside.resolve("keep.txt"));

        FileTrees.deleteTree(tree);

        assertFalse(Files.exists(tree, LinkOption.NOFOLLOW_LINKS));
        assertEquals("keep", Files.readString(outside.resolve("keep.txt")));
        assertEquals("keep too", Files.readString(outside.resolve("sub/keep-too.txt")));
    }

    @Test
    void deletesLinkGivenAsTheTreeButNotItsTarget() throws Exception {
        Path outside = dir.resolve("outside");
        Files.createDirectories(outside);
        Files.writeString(outside.resolve("keep.txt"), "keep");
        Path link = Files.createSymbolicLink(dir.resolve("spool"), outside);

        FileTrees.deleteTree(link);

        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));
        assertEquals("keep", Files.readString(outside.resolve("keep.txt")));
    }

    @Test
    void missingPathIsNothingToDo() throws Exception {
        FileTrees.deleteTree(dir.resolve("never-made"));
        assertTrue(Files.isDirectory(dir));
    }
}
