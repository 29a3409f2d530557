import matplotlib.pyplot as plt

class Curves():

    def __init__(self, hist):
        self.history = hist.history

    def plot_metrics(self, acc_key='sparse_categorical_accuracy', loss_key='loss'):
        loss = self.history[loss_key]
        acc = self.history[acc_key]
        
        # two panels
        ep = list(range(len(loss)))
        plt.subplot(121)
        plt.plot(ep, acc)
        plt.ylabel(acc_key)
        plt.xlabel('Epoch')
        plt.subplot(122)
        plt.plot(ep, loss)
        plt.ylabel(loss_key)
        plt.xlabel('Epoch')
        plt.show()
