import keras  # a Keras script, so check runs it (a script without Keras is read, not run)
import os

os._exit(3)
