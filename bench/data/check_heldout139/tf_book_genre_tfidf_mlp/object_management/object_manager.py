import pickle


class Saver:
    def __init__(self):
        pass
    # write one object to disk
    def dump(self,obj, target):
        path = target
        fh = open(path, 'wb')
        pickle.dump(obj, fh)
        fh.close()


    # read one object back
    def load(self,target):
        fh = open(target, 'rb')
        obj = pickle.load(fh)
        return obj
