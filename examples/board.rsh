# board — two reactors sharing one service (ReactorKit's transform(mutation:) pattern).
#
# `board` lists the posts; `write` edits a new one. Both talk to one in-memory BoardService,
# which broadcasts create/update/delete events. `board` merges those events into its own mutations in
# transform(mutation:), so it sees posts it never asked for.

# `:use board` loads both reactors and focuses `board`, the first one.
:use board
:expect posts.count == 0
:expect write:title == ""
:expect write:canSubmit == false

# submit is ignored while the title is blank.
write.updateContent "no title yet"
write.submit
:expect write:isDismissed == false
:expect posts.count == 0

# A title makes the post submittable; submit asks the service to create it, and the
# editor is dismissed when that is done.
write.updateTitle "Hello"
:expect write:canSubmit == true
write.submit
:expect write:isDismissed == true

# The board never sent an action, yet it holds the post: the service's `create` event
# was merged into its mutations (insertPost at index 0).
:expect posts.count == 1
:expect posts[0].id == 1
:expect posts[0].title == "Hello"
:expect posts[0].content == "no title yet"

# Posts are numbered 1, 2, 3… in creation order; new ones go to the top.
write.updateTitle "Second"
write.updateContent "more"
write.submit
:expect posts.count == 2
:expect posts[0].id == 2
:expect posts[1].id == 1

# `rename` asks the service too; it broadcasts `update(Post)` and the board replaces that
# post in place (its diff is one line: `posts[1].title: "Hello" → "Hi"`).
rename 1 "Hi"
:expect posts.count == 2
:expect posts[1].title == "Hi"
:expect posts[1].content == "no title yet"

# `delete` only asks the service; the removal comes back as a `delete` event.
delete 1
:expect posts.count == 1
:expect posts[0].title == "Second"

# `refresh` reads the service's list directly — it agrees with what the events built.
board.refresh
:expect posts.count == 1
:expect board:posts[0].id == 2

# Focus the editor to read its state without the `write:` prefix.
:focus write
:expect isDismissed == true
:expect title == "Second"
