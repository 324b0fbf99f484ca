package dev.framescope.shader.harness;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.Route;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.SetupHint;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the harness gets a browser and its runtime page: Playwright (its driver kept unpacked in the state folder),
 * Debian's Chromium launched with our flags and marker, or a remote Playwright browser server whose pages are
 * served from the JAR through Playwright routing; and the local page server. Called on the harness's owner thread
 * only, like everything Playwright.
 */
final class BrowserLauncher {

    /**
     * Playwright's own {@code --disable-features} list (playwright-core's chromiumSwitches.ts, driver 1.62).
     * Chromium keeps only the last {@code --disable-features} switch, so ours must repeat it; a test compares it
     * with the packaged driver's, so an upgrade that changes it is noticed.
     */
    static final List<String> PLAYWRIGHT_DISABLED_FEATURES = List.of("AvoidUnnecessaryBeforeUnloadCheckSync",
            "BoundaryEventDispatchTracksNodeRemoval", "DestroyProfileOnBrowserClose", "DialMediaRouteProvider",
            "GlobalMediaControls", "HttpsUpgrades", "LensOverlay", "MediaRouter", "PaintHolding",
            "ThirdPartyStoragePartitioning", "BlockOriginHeaderModificationOnRedirect", "Translate", "AutoDeElevate",
            "OptimizationHints", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion");
    /**
     * Every new context opens a headless window whose omnibox popup Chromium 156 renders as WebUI
     * (chrome://omnibox-popup.top-chrome, two documents) in a renderer of its own: ~0.5 s of CPU per context on a
     * 2-core machine, most of what a tool call cost. A headless harness never shows an omnibox. The spare renderer
     * Chromium starts ahead for the next site is never used by a context that loads one page (~25 ms per call).
     */
    static final List<String> OUR_DISABLED_FEATURES = List.of("WebUIOmniboxPopup", "WebUIOmniboxAimPopup",
            "SpareRendererForSitePerProcess");
    /**
     * WebGPU on a GPU-less machine needs only the first; flags with --use-angle=vulkan break WebGL2. Declared after
     * the feature lists it joins (static fields initialise in order).
     */
    static final List<String> FLAGS = List.of("--enable-unsafe-webgpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-quic", "--disable-crash-reporter",
            "--disable-breakpad", "--disable-features=" + String.join(",", disabledFeatures()));
    /**
     * A remote browser cannot reach this machine's loopback page server, so its pages load from this origin and
     * Playwright routes every request back to us. Still "localhost", so still a secure context for WebGPU.
     */
    static final String REMOTE_ORIGIN = "http://localhost:8799";

    static List<String> disabledFeatures() {
        List<String> all = new ArrayList<>(PLAYWRIGHT_DISABLED_FEATURES);
        all.addAll(OUR_DISABLED_FEATURES);
        return all;
    }

    private final Path chromium;
    private final String remoteEndpoint;
    private final Path stateDir;
    private final ChromiumProcesses processes;
    private PageServer pages;

    BrowserLauncher(Path chromium, String remoteEndpoint, Path stateDir, ChromiumProcesses processes) {
        this.chromium = chromium;
        this.remoteEndpoint = remoteEndpoint;
        this.stateDir = stateDir;
        this.processes = processes;
    }

    boolean isRemote() {
        return remoteEndpoint != null;
    }

    /** What the harness's status names: the endpoint or the executable. */
    String target() {
        return isRemote() ? remoteEndpoint : chromium.toString();
    }

    /** Fails with ENGINE_UNAVAILABLE and the fix when there is no Chromium to launch. */
    void checkInstalled() {
        if (!isRemote() && !Files.isExecutable(chromium)) {
            throw ToolException.engineUnavailable("Chromium", chromium + " not found",
                    SetupHint.fix("sudo apt-get install -y chromium (or set FRAMESCOPE_CHROMIUM, or "
                            + "FRAMESCOPE_BROWSER_WS for a remote Playwright browser server)"));
        }
    }

    Playwright createPlaywright() throws IOException {
        if (pages == null && !isRemote()) {
            pages = PageServer.start();
        }
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        boolean cached = stateDir != null && DriverCache.use(stateDir);
        Playwright playwright = Playwright.create(new Playwright.CreateOptions().setEnv(env));
        if (stateDir != null && !cached) {
            DriverCache.fill(stateDir);
        }
        return playwright;
    }

    Browser launch(Playwright playwright) {
        try {
            return isRemote() ? connect(playwright) : playwright.chromium().launch(new BrowserType.LaunchOptions()
                    .setHeadless(true).setExecutablePath(chromium).setArgs(flags()));
        } catch (PlaywrightException e) {
            throw new ToolException(ErrorCode.ENGINE_UNAVAILABLE, (isRemote() ? "Could not connect to the Playwright "
                    + "browser server: " : "Chromium would not start: ") + e.getMessage(),
                    Map.of(isRemote() ? "browser_ws" : "chromium", target()), e);
        }
    }

    /** Where a launched browser's pages load from, for the status line. */
    String describe() {
        return isRemote() ? " via Playwright server " + remoteEndpoint : " at " + pages.url("");
    }

    /** The runtime page's address; for a remote browser, requests there are answered from the JAR. */
    String runtimeUrl(BrowserContext context) {
        if (isRemote()) {
            context.route(REMOTE_ORIGIN + "/**", BrowserLauncher::fulfilFromJar);
            return REMOTE_ORIGIN + PageServer.HARNESS_PAGE;
        }
        return pages.url(PageServer.HARNESS_PAGE.substring(1));
    }

    void closePages() {
        if (pages != null) {
            pages.close();
        }
    }

    /**
     * The server launches Chromium with our flags and path when it was started with --unsafe (as
     * {@code framescope browser-server} does); otherwise it ignores them and launches its own default.
     */
    private Browser connect(Playwright playwright) {
        Map<String, Object> launch = new HashMap<>();
        launch.put("headless", true);
        launch.put("args", flags());
        launch.put("executablePath", chromium.toString());
        return playwright.chromium().connect(remoteEndpoint, new BrowserType.ConnectOptions()
                .setHeaders(Map.of("x-playwright-launch-options", Json.write(launch)))
                .setTimeout(30_000));
    }

    private List<String> flags() {
        List<String> flags = new ArrayList<>(FLAGS);
        flags.add(processes.marker());
        return flags;
    }

    private static void fulfilFromJar(Route route) {
        String path = URI.create(route.request().url()).getPath();
        try {
            byte[] bytes = PageServer.resource(path);
            if (bytes == null) {
                route.fulfill(new Route.FulfillOptions().setStatus(404));
            } else {
                route.fulfill(new Route.FulfillOptions().setStatus(200).setContentType(PageServer.contentType(path))
                        .setBodyBytes(bytes));
            }
        } catch (IOException e) {
            route.fulfill(new Route.FulfillOptions().setStatus(500));
        }
    }
}
