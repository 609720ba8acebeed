/**
 * The game viewer ({@code ./richelieu view}): a recorded game as one self-contained HTML page.
 */
package richelieu.runner.view;
