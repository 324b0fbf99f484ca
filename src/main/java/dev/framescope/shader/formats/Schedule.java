package dev.framescope.shader.formats;

/**
 * The frames rendered up to a time: {@code frames} of them, {@code step} apart in normalised time, the last at the
 * requested time and the first at or after 0. By default the frames a 60 fps host draws from time 0
 * (floor(time × 480) + 1, step 1/480); with a frame count, that many, 1/480 apart or closer when the time is too early
 * for them (at time 0 all of them at TIME 0).
 */
public record Schedule(int frames, double step) {

    /** Frames per normalised time unit: 60 per second over the 8 s loop. */
    public static final int FRAMES_PER_LOOP = 480;

    /** The schedule for {@code time} (0..1), with {@code frames} frames or, when null, those the time implies. */
    public static Schedule of(double time, Integer frames) {
        double step = 1.0 / FRAMES_PER_LOOP;
        if (frames == null) {
            return new Schedule((int) Math.floor(time * FRAMES_PER_LOOP + 1e-6) + 1, step);
        }
        return new Schedule(frames, frames == 1 ? step : Math.min(step, time / (frames - 1)));
    }

    /** What a feedback effect's frame says about the frames drawn, naming the runtime's frame counter. */
    String feedbackNote(String frameIndex) {
        return String.format("feedback effect: %d frame(s) rendered (%s 0..%d), %.4g s apart, the last at "
                + "this time", frames, frameIndex, frames - 1, step * 8);
    }
}
