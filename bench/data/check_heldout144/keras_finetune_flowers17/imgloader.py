import cv2
import numpy as np
import os

class FolderImageLoader:
    def __init__(self, steps=None):
        """

        :param steps: list of per-image transforms applied in order
        """
        self.steps = steps

        # fall back to no transforms at all
        if self.steps is None:
            self.steps = []

    def load(self, filePaths, verbose=-1):
        # collected pixels and class names
        pixels = []
        names = []

        # walk over each image file
        for (idx, filePath) in enumerate(filePaths):
            # read the file; the class is the parent folder:
            # <root>/<class>/<file>.jpg
            # so we take the second to last path part
            img = cv2.imread(filePath)
            name = filePath.split(os.path.sep)[-2]

            # run each transform when some were given
            if self.steps is not None:
                for s in self.steps:
                    img = s.preprocess(img)
            pixels.append(img)
            names.append(name)
            # progress message every `verbose` images
            if verbose > 0 and idx > 0 and (idx+1) % verbose ==0:
                print("loaded {}/{}".format(idx+1, len(filePaths)))

        return np.array(pixels), np.array(names)
