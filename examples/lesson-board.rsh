# Lesson: two reactors, one service (ReactorKit's transform(mutation:) pattern)
#
# Made to be stepped through in class: `reactor-shell run --step examples/lesson-board.rsh`.
# Enter runs a line, s skips it, c runs the rest, q stops; at any stop, type a command such as
# :state or :history. Its transcript (lesson-board.md) and sequence diagram (lesson-board.svg,
# lesson-board.mmd) are beside it.

# The scene has two reactors: `board` lists the posts, `write` edits a new one.
# They never call each other; both hold the same BoardService.
:use board
:state board:
:state write:
:pause "Two empty states. Which actions will change the board?"

# Typing in the editor is an action of `write`: its mutations change `write` only.
write.updateTitle "Reactors 101"
write.updateContent "draft"
:pause

# `submit` asks the service to create the post: an effect of `write`.
# The service broadcasts `create`, and `board` merges it in transform(mutation:):
# look for "← service event, from write.submit".
write.submit
:expect board:posts.count == 1
:expect write:isDismissed == true
:pause "The board changed, though nobody sent it an action."

# A second post goes on top: a created post is inserted at index 0.
write.updateTitle "Effects"
write.submit
:expect posts[0].title == "Effects"

# The board's own actions only ask the service too: rename and delete come back as events.
rename 1 "Reactors 101 (slides)"
delete 2
:expect posts.count == 1
:expect posts[0].title == "Reactors 101 (slides)"
:pause "Every change to the list came through the service."

# The log lists each action with the mutations it caused, in every reactor.
:history

# Time travel moves the whole scene: undo the delete, then go back to the start.
:undo
:expect posts.count == 2
:jump 0
:expect posts.count == 0
:expect write:title == ""
