/**
 * How numbers read in text: {@link richelieu.runner.text.Format}, the one way a percentage, an Elo
 * difference, a p-value or a bot's budget is written in the text reports, the pages and the charts,
 * and how a text from a file is quoted.
 */
package richelieu.runner.text;
