def lookup2():
    pass
