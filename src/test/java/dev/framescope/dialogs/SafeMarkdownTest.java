package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SafeMarkdownTest {

    @Test
    void rendersTablesCodeAndLinks() {
        String html = SafeMarkdown.toHtml("""
                ## Findings
                | event | NaN pixels |
                |---|---|
                | 12 | 1024 |

                Use `clamp()` — see [the docs](https://renderdoc.org/docs).
                """);
        assertTrue(html.contains("<table>") && html.contains("<td>1024</td>"), html);
        assertTrue(html.contains("<code>clamp()</code>"), html);
        assertTrue(html.contains("href=\"https://renderdoc.org/docs\"") && html.contains("rel=\"noopener noreferrer\""),
                html);
    }

    @Test
    void rawHtmlIsEscapedAndScriptLinksAreDropped() {
        String html = SafeMarkdown.toHtml("""
                <script>alert(1)</script>

                <img src=x onerror="alert(2)">

                [click](javascript:alert(3)) ![i](javascript:alert(4)) <a href="javascript:alert(5)">x</a>
                """);
        assertFalse(html.contains("<script"), html);
        assertFalse(html.contains("<img src=\"x\""), html);
        assertFalse(html.contains("<img src=x"), html);
        assertFalse(html.contains("href=\"javascript"), html);
        assertFalse(html.contains("src=\"javascript"), html);
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), html);
    }

    @Test
    void blankIsNothing() {
        assertNull(SafeMarkdown.toHtml("  "));
        assertNull(SafeMarkdown.toHtml(null));
    }
}
