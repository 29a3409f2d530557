import datetime as dt

class Timer():

    def __init__(self):
        self.t0 = None

    def start(self):
        self.t0 = dt.datetime.now()

    def stop(self):
        t1 = dt.datetime.now()
        print('Elapsed: %s' % (t1 - self.t0))
