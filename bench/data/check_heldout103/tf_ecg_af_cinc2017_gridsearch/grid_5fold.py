import os
import itertools
from keras.callbacks import EarlyStopping
from sklearn.metrics import f1_score
import tools

fold_x_tr, fold_y_tr, fold_x_va, fold_y_va, fold_cls_va = tools.get_data()

kernel_sizes = [3, 5, 7]
depths = [8, 9, 10, 11, 12]
batch_sizes = [30, 50, 70, 90, 120]
learning_rates = [0.00005, 0.0001, 0.0005, 0.001, 0.005]
n_invalid = 0

def cross_validate(net, bs, out_dir):
    k=1
    
    for x_tr, y_tr, x_va, y_va, cls_va in zip(fold_x_tr,
                                              fold_y_tr,
                                              fold_x_va,
                                              fold_y_va,
                                              fold_cls_va):
        print("fold "+str(k))
        fold_dir = out_dir+"/fold_"+str(k)
        if not os.path.exists(fold_dir):
            os.makedirs(fold_dir)
        
        stopper = EarlyStopping(patience=20)
        hist = net.fit(x = x_tr, 
                       y = y_tr,
                       epochs=80,
                       validation_data=(x_va, y_va),
                       callbacks=[stopper],
                       batch_size=bs, 
                       verbose=0)
        scores = net.evaluate(x = x_va, y = y_va)
        pred_va = net.predict_classes(x_va, batch_size=bs)
        f1 = f1_score(cls_va, pred_va, average=None)
        
        tools.show_plot(fold_dir, hist)
        tools.write_file(fold_dir+"/readme.txt", scores, f1, net)
        k = k + 1

## entry point
root = "5_fold/"
if not os.path.exists(root):
    os.makedirs(root)
run_id=1
with open(root+"Cartesian_product.txt", "w+") as fh:
    for ks, depth, bs, lr in itertools.product(kernel_sizes, depths, batch_sizes, learning_rates):
        fh.write(str(run_id)+":"+"\n")
        fh.write('ks={}, depth={}, bs={}, lr={}'.format(ks, depth, bs, lr)+"\n")
        run_id = run_id + 1
    del run_id

run_id=1
for ks, depth, bs, lr in itertools.product(kernel_sizes, depths, batch_sizes, learning_rates):
    print("run "+str(run_id))
    out_dir = root+str(run_id)
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    
    net = tools.create_model(lr, bs, ks, depth)
    if net:
        cross_validate(net, bs, out_dir)
    else:
        n_invalid = n_invalid + 1
    del net
    run_id = run_id + 1

print("grid finished; invalid configurations:", n_invalid)
