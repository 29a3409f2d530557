import keras  # a Keras script, so check runs it (a script without Keras is read, not run)
import time

while True:
    time.sleep(0.5)
