print("reactor-shell: not built yet")
