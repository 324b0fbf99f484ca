package dev.framescope.shader.formats;

/**
 * What a transition's two ends show: at {@code progress} 0 the image its host binds to {@code fromImage}, at 1 the
 * one it binds to {@code toImage}; each is the generated card named {@code fromCard} / {@code toCard} unless a file
 * is bound to that image by name.
 */
public record TransitionEnds(String progress, String fromImage, String fromCard, String toImage, String toCard) {
}
