package dev.framescope.console;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What {@code GET /settings} answers (and {@code PUT /settings} after a change): everything but the key itself.
 * camelCase whatever mapper writes it, since the design's front end reads these names.
 *
 * @param hasApiKey      a key is stored here or given by the environment
 * @param apiKeySource   where that key comes from: {@code settings}, {@code FRAMESCOPE_LLM_API_KEY},
 *                       {@code OPENROUTER_API_KEY}, or null when there is none
 * @param baseUrl        the chat-completions endpoint's base (…/v1), without a trailing slash
 * @param plannerModel   the model that picks tool calls
 * @param actionModel    the model that explains the results
 * @param defaultPlanner the planner a request without {@code plannerModel} gets
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record SettingsView(boolean hasApiKey, String apiKeySource, String baseUrl, String plannerModel,
                           String actionModel, String defaultPlanner) {
}
