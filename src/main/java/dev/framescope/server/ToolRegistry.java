package dev.framescope.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.OlderName;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * All tools of all groups in this build, in group order, with their generated input schemas. This single list
 * feeds {@code serve}, {@code tools}, {@code call}, {@code docs/tools.md} and the contract tests.
 */
public final class ToolRegistry {

    private final List<ToolGroup> groups;
    private final Map<String, ToolDef<?>> tools = new LinkedHashMap<>();
    /** Older name → the tool it calls now, for {@code tools/call} and {@code call}; never in the tool list. */
    private final Map<String, OlderName> aliases = new LinkedHashMap<>();
    private final Map<String, ToolGroup> groupOf = new LinkedHashMap<>();
    private final Map<String, ObjectNode> listedSchemas = new ConcurrentHashMap<>();
    private final SchemaCatalog schemas;
    private final OutputSchemas outputs = new OutputSchemas();

    public ToolRegistry(List<ToolGroup> groups) {
        this(groups, SchemaCatalog.load(), ToolSelection.ALL);
    }

    /** The tools of {@code groups} that {@code selection} keeps ({@link ToolSelection}). */
    public ToolRegistry(List<ToolGroup> groups, ToolSelection selection) {
        this(groups, SchemaCatalog.load(), selection);
    }

    ToolRegistry(List<ToolGroup> groups, SchemaCatalog schemas) {
        this(groups, schemas, ToolSelection.ALL);
    }

    ToolRegistry(List<ToolGroup> groups, SchemaCatalog schemas, ToolSelection selection) {
        selection.check(groups.stream().map(ToolGroup::name).toList());
        this.groups = groups.stream().filter(g -> selection.includesGroup(g.name())).toList();
        this.schemas = schemas;
        for (ToolGroup group : this.groups) {
            for (ToolDef<?> tool : group.tools()) {
                if (!selection.includes(tool)) {
                    continue;
                }
                if (tool.answer() == null) {
                    throw new IllegalStateException(tool.name() + " does not declare what it returns (ToolDef.returns)");
                }
                if (tools.putIfAbsent(tool.name(), tool) != null) {
                    throw new IllegalStateException("two tools named " + tool.name());
                }
                groupOf.put(tool.name(), group);
                tool.aliases().forEach(alias -> aliases.put(alias.name(), new OlderName(tool.name(), alias)));
            }
        }
        for (String alias : aliases.keySet()) {
            if (tools.containsKey(alias)) {
                throw new IllegalStateException(alias + " is both a tool and an alias of " + aliases.get(alias).tool());
            }
        }
    }

    public List<ToolGroup> groups() {
        return groups;
    }

    public List<ToolDef<?>> tools() {
        return new ArrayList<>(tools.values());
    }

    /** The tools of one group that this registry serves, in order. */
    public List<ToolDef<?>> tools(ToolGroup group) {
        List<ToolDef<?>> served = new ArrayList<>();
        for (ToolDef<?> tool : group.tools()) {
            if (tools.containsKey(tool.name())) {
                served.add(tools.get(tool.name()));
            }
        }
        return served;
    }

    /** The tool with this name or older alias. */
    public Optional<ToolDef<?>> find(String name) {
        OlderName alias = aliases.get(name);
        return Optional.ofNullable(tools.get(alias == null ? name : alias.tool()));
    }

    /**
     * The arguments a call by {@code calledName} runs with: an older name's parameters renamed to the tool's, and its
     * presets replacing the caller's values.
     */
    public Map<String, Object> arguments(String calledName, Map<String, Object> arguments) {
        OlderName alias = aliases.get(calledName);
        return alias == null ? arguments : alias.older().apply(arguments);
    }

    /** Older name → the tool and preset arguments it stands for, in declaration order. */
    public Map<String, OlderName> aliases() {
        return Collections.unmodifiableMap(aliases);
    }

    /** The tool's JSON input schema, generated from its input record; do not modify. */
    public ObjectNode inputSchema(ToolDef<?> tool) {
        return schemas.schemaOf(tool.argsType());
    }

    /**
     * The input schema as {@code tools/list} gives it: without the descriptions of its group's shared parameters
     * ({@link ToolGroup#sharedParams()}), which the server instructions say once, and without strings' length caps
     * ({@code maxLength}): those guard the server against hostile input (a 4,096-character path, a 200-character
     * texture name), they are no choice a caller makes, and every call is still checked against them, the error
     * naming the parameter and the cap. Validation and the docs use the whole schema.
     */
    public ObjectNode listedInputSchema(ToolDef<?> tool) {
        return listedSchemas.computeIfAbsent(tool.name(), name -> {
            ObjectNode schema = inputSchema(tool).deepCopy();
            for (ToolGroup.SharedParam shared : groupOf.get(name).sharedParams()) {
                if (schema.path("properties").get(shared.name()) instanceof ObjectNode property
                        && shared.description().equals(property.path("description").asText(null))) {
                    property.remove("description");
                }
            }
            withoutLengthCaps(schema);
            return schema;
        });
    }

    /** Removes {@code maxLength} from every property, and from the properties of list items. */
    private static void withoutLengthCaps(ObjectNode schema) {
        schema.path("properties").forEach(property -> {
            if (property instanceof ObjectNode object) {
                object.remove("maxLength");
                if (object.get("items") instanceof ObjectNode items) {
                    items.remove("maxLength");
                    withoutLengthCaps(items);
                }
                withoutLengthCaps(object);
            }
        });
    }

    /** The tool's JSON output schema ({@link OutputSchemas}), or null for a tool that may answer with an image. */
    public ObjectNode outputSchema(ToolDef<?> tool) {
        return outputs.schemaOf(tool);
    }
}
