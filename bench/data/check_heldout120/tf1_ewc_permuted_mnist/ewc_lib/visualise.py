import matplotlib.pyplot as plt

def disp_results(log,run_ewc):
    '''
    plot the test accuracy of both tasks over training
    '''
    plt.figure(1)
    plt.plot(log['acc1'],'k-',linewidth=2)
    plt.plot(log['acc2'],'r-',linewidth=2)
    plt.xlabel('iter')
    plt.ylabel('test accuracy')
    plt.legend(['task A','task B'])
    if run_ewc:
        plt.title('EWC')
    else:
        plt.title('plain SGD')
    plt.grid()
    plt.show()
