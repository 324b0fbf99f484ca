package dev.framescope.console;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * What {@code GET /models} answers, in the design's shape ({@code {models:[{id,label,role}], defaultPlanner,
 * defaultAction}}) with FrameScope's additions on each entry: which planner runs it and whether it can run now.
 *
 * @param defaultPlanner the planner id (or model) a request without {@code plannerModel} gets
 * @param defaultAction  the model that explains when a request names no {@code actionModel}
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
public record ModelList(List<Entry> models, String defaultPlanner, String defaultAction) {

    public ModelList {
        models = List.copyOf(models);
    }

    /**
     * One choice for the page's planner or explainer menu.
     *
     * @param id                what a request's {@code plannerModel} / {@code actionModel} names
     * @param role              {@code planner} or {@code action}
     * @param planner           the planner that runs it (its own id for a planner entry)
     * @param available         it can run now
     * @param unavailableReason why not, when not available (absent otherwise)
     */
    @JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Entry(String id, String label, String role, String planner, boolean available,
                        String unavailableReason) {
    }
}
