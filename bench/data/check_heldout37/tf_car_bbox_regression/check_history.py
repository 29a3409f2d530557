import matplotlib.pyplot as plt

def plot_iou_history(history):
    print(history)
    # print(f"train auc: {history.history['auc']}")
    # print(f"train loss: {history.history['loss']}")  
    # print(f"val auc: {history.history['val_auc']}")
    # print(f"val loss: {history.history['val_loss']}")

    plt.figure(1)
    plt.plot(history.history['iou'])   
    plt.plot(history.history['val_iou'])
    plt.title('IoU per epoch')
    plt.ylabel('iou')
    plt.xlabel('epoch')
    plt.legend(['train', 'val'], loc='upper left')
    plt.show()
