package dev.framescope.common;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Registry of the external components the server may start, so diagnostics can report each one's state. The three
 * known components are listed from the start as not started; the group that owns one replaces its supplier when it
 * is created. Thread-safe.
 */
public final class Components {

    public static final String BROWSER = "browser";
    public static final String RENDERDOC_BRIDGE = "renderdoc_bridge";
    public static final String DIALOG_PAGE = "dialog_page";

    private final Map<String, Supplier<ComponentStatus>> suppliers = new LinkedHashMap<>();

    public Components() {
        for (String name : List.of(BROWSER, RENDERDOC_BRIDGE, DIALOG_PAGE)) {
            suppliers.put(name, () -> ComponentStatus.notStarted(name, "no tool group in this build starts it"));
        }
    }

    public synchronized void register(String name, Supplier<ComponentStatus> status) {
        suppliers.put(name, status);
    }

    public synchronized List<ComponentStatus> snapshot() {
        List<ComponentStatus> states = new ArrayList<>();
        suppliers.values().forEach(s -> states.add(s.get()));
        return states;
    }
}
