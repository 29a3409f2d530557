from facedata.listset import *
