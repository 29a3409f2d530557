import os
import spectral
import datetime
import numpy as np

import scipy.io as sio
import matplotlib.pyplot as plt

from keras.utils import np_utils
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint
from keras.utils.vis_utils import plot_model

from sklearn.metrics import classification_report

from cube_data import read_scene,reduce_bands,zero_border,cut_windows,split_sets
from hsn_model import build_hybrid
from scoring import summarize
from mapping import draw_maps

### wall clock at the start of the run
t_begin = datetime.datetime.now()


## SETTINGS
# scene 1 = 'IP'
# scene 2 = 'SA'
# scene 3 = 'PU'
# scene 4 = 'HU13'
# scene 5 = 'KSC'
scene = 'KSC'
test_share = 0.7
side = 19


### folders for the outputs of this run
out_dir=os.path.join(os.path.dirname(os.getcwd()),"Result/"+"Run"+t_begin.strftime("%y-%m-%d-%H.%M")+str("_")+scene)
mat_dir=os.path.join(os.getcwd(),"data/")
root_dir = os.path.join(os.path.dirname(os.getcwd()),'data') # one level up from here
os.makedirs(out_dir)

if __name__ == '__main__':
    print(os.getcwd())
    print(os.path.dirname(os.getcwd()))
    # read the scene and prepare it
    cube, truth = read_scene(scene,root_dir)
    print(cube.shape, truth.shape)

    #depth = 30 if scene == 'IP' else 15
    depth=30
    cube,reducer = reduce_bands(cube,n_keep=depth)
    print(cube.shape,reducer)

    cube, truth = cut_windows(cube, truth, side=side)
    print(cube.shape, truth.shape)

    # 30 % for training, 70 % held out
    f_tr, f_te, t_tr, t_te = split_sets(cube, truth, test_share)
    print(f_tr.shape, f_te.shape, t_tr.shape, t_te.shape)

    '''
    # an earlier variant carved a validation part out of the training part
    # (kept fixed for all epochs)
    # two thirds train, one third validation
    f_tr, f_va, t_tr, t_va = split_sets(f_tr, t_tr, 0.3333)
    
    f_tr.shape, f_va.shape, t_tr.shape, t_va.shape
    '''

    # labelled pixels are few, so validation could come from the held-out part instead
    #f_va,f_te,t_va,t_te= split_sets(f_te, t_te, 0.875)
    #f_va.shape,f_te.shape,t_va.shape,t_te.shape


    # network input layout and training
    f_tr = f_tr.reshape(-1, side, side, depth, 1)
    print(f_tr.shape)
    t_tr = np_utils.to_categorical(t_tr)
    print(t_tr.shape)

    # same layout for validation
    #f_va = f_va.reshape(-1, side, side, depth, 1)
    #f_va.shape
    # and its one-hot targets
    #t_va = np_utils.to_categorical(t_va)
    #t_va.shape

    S = side
    D = depth
    # IP and SA: 16 classes
    # HU13: 15
    # PU: 9
    if (scene == 'IP' or scene == 'SA'):
        n_out = 16
    elif scene=='PU':
        n_out=9
    elif scene=='HU13':
        n_out=15
    elif scene=='KSC':
        n_out=13

    net=build_hybrid(S,D,n_out)
    net.summary()
    ### picture of the graph
    plot_model(net,to_file=os.path.join(out_dir,'ModelVisual.png'),show_shapes=True)

    # optimiser and loss
    opt = Adam(lr=0.001, decay=1e-06)
    net.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])

    # keep the best weights
    ckpt_name = "best-model.hdf5"
    # only when accuracy improves
    saver = ModelCheckpoint(os.path.join(out_dir,ckpt_name), monitor='accuracy', verbose=1, save_best_only=True, mode='max')
    #stopper=EarlyStopping(monitor='accuracy',patience=15,mode=max)
    cbs = [saver]

    # time the fit
    fit_begin = datetime.datetime.now()
    ### roughly 60 epochs are enough
    hist = net.fit(x=f_tr, y=t_tr, batch_size=256, epochs=100, callbacks=cbs)
    fit_end = datetime.datetime.now()
    print("fit took:{}".format(int((fit_end - fit_begin).seconds)))

    # loss plot
    plt.figure(figsize=(7,7))
    plt.grid()
    plt.plot(hist.history['loss'])
    #plt.plot(hist.history['val_loss'])
    #plt.plot(hist.history['val_loss'])
    plt.ylabel('Loss')
    plt.xlabel('Epochs')
    plt.legend(['Training'], loc='upper right')
    #plt.legend(['Training','Validation'], loc='upper right')
    plt.savefig(os.path.join(out_dir,'loss_curve.pdf'))
    plt.show()

    # accuracy plot
    plt.figure(figsize=(7,7))
    plt.ylim(0,1.1)
    plt.grid()
    plt.plot(hist.history['accuracy'])
    #plt.plot(hist.history['val_accuracy'])
    #plt.plot(hist.history['val_acc'])
    plt.ylabel('Accuracy')
    plt.xlabel('Epochs')
    plt.legend(['Training'],loc='lower right')
    #plt.legend(['Training','Validation'],loc='lower right')
    plt.savefig(os.path.join(out_dir,'acc_curve.pdf'))
    plt.show()

    # evaluation
    # back to the best checkpoint
    net.load_weights(os.path.join(out_dir,ckpt_name))
    net.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])

    # scores on the training part
    p_tr=net.predict(f_tr)
    p_tr=np.argmax(p_tr,axis=1)

    rep_tr=classification_report(np.argmax(t_tr,axis=1),p_tr)
    print(rep_tr)

    report, cm, ev_loss, ev_acc, overall, per_cls, mean_acc, kap = summarize(f_tr,t_tr,scene,net)
    report = str(report)
    cm = str(cm)

    tr_report_name =scene+"classification_train_report.txt"
    with open(os.path.join(out_dir,tr_report_name), 'w') as fh:
        fh.write('{} Train loss (%)'.format(ev_loss))
        fh.write('\n')
        fh.write('{} Train accuracy (%)'.format(ev_acc))
        fh.write('\n')
        fh.write('\n')
        fh.write('{} Kappa accuracy (%)'.format(kap))
        fh.write('\n')
        fh.write('{} Overall accuracy (%)'.format(overall))
        fh.write('\n')
        fh.write('{} Average accuracy (%)'.format(mean_acc))
        fh.write('\n')
        fh.write('\n')
        fh.write('{}'.format(report))
        fh.write('\n')
        fh.write('{}'.format(cm))


    f_te = f_te.reshape(-1, side, side, depth, 1)
    print(f_te.shape)

    t_te = np_utils.to_categorical(t_te)
    t_te.shape
    print(t_te.shape)

    p_te = net.predict(f_te)
    p_te_cls = np.argmax(p_te, axis=1)

    report = classification_report(np.argmax(t_te, axis=1), p_te_cls)
    print(report)

    report, cm, ev_loss, ev_acc, overall, per_cls, mean_acc, kap = summarize(f_te,t_te,scene,net)
    report = str(report)
    cm = str(cm)
    te_report_name =scene+"classification_report.txt"

    with open(os.path.join(out_dir,te_report_name), 'w') as fh:
        fh.write('{} Test loss (%)'.format(ev_loss))
        fh.write('\n')
        fh.write('{} Test accuracy (%)'.format(ev_acc))
        fh.write('\n')
        fh.write('\n')
        fh.write('{} Kappa accuracy (%)'.format(kap))
        fh.write('\n')
        fh.write('{} Overall accuracy (%)'.format(overall))
        fh.write('\n')
        fh.write('{} Average accuracy (%)'.format(mean_acc))
        fh.write('\n')
        fh.write('\n')
        fh.write('{}'.format(report))
        fh.write('\n')
        fh.write('{}'.format(cm))

    draw_maps(scene,net,side,depth,out_dir,root_dir)

    # total time
    t_end = datetime.datetime.now()
    minutes=(t_end - t_begin).seconds/60
    print("whole run on scene {}: {} min".format(scene,minutes))
