package dev.framescope.console;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What {@code POST /projects/:id/upload-capture} answers.
 *
 * @param capturePath relative to the project ({@code captures/frame.rdc})
 * @param copied      true when the capture was copied from the local disk ({@code sourcePath}); null (absent) for
 *                    an uploaded body, as in the design
 * @param size        bytes stored
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
public record StoredCapture(String capturePath, Boolean copied, long size) {
}
