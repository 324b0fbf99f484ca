package dev.framescope.dialogs;

import java.util.List;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Link;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Markdown from the agent (the planner's visual output and plan) as HTML the page can insert. The text is untrusted:
 * raw HTML in it is escaped, not passed through, and link and image targets other than http, https, mailto and data
 * images are dropped, so nothing in it can run script. The page's Content-Security-Policy is the second wall.
 */
final class SafeMarkdown {

    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder()
            .extensions(EXTENSIONS)
            .escapeHtml(true)
            .sanitizeUrls(true)
            // Links open in a new tab without telling the target where they came from (the page URL holds the token).
            .attributeProviderFactory(context -> (node, tagName, attributes) -> {
                if (node instanceof Link) {
                    attributes.put("target", "_blank");
                    attributes.put("rel", "noopener noreferrer");
                }
            })
            .build();

    private SafeMarkdown() {
    }

    static String toHtml(String markdown) {
        return markdown == null || markdown.isBlank() ? null : RENDERER.render(PARSER.parse(markdown));
    }
}
