"""Find and replace in the translation, and the concordance dock. The search itself is app/find; this
package shows the preview, stores a replace-all as one revision (one undo), and jumps to occurrences."""
