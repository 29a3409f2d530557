import logging
import time
import datetime

def log_info(msg):
    stamp = time.time()
    logging.info(msg)
    print(msg)

def init_logging(path):
    logging.basicConfig(format='%(message)s',
        level=logging.INFO, filename=path)

class Logger:
    def __init__(self, path):
        self.path = path
        fh = open(self.path, 'w')
        fh.close()

    def info(self, msg):
        fh = open(self.path, 'a')
        if msg == '\n':
            fh.write('\n')
        else:
            fh.write(msg+'\n')
        fh.close()
        print(msg)
