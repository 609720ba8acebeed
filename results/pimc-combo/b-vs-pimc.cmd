java -jar richelieu-b6eb66e.jar match pimc-2p:eval=linear,millis=10,clock=cpu pimc:millis=10,clock=cpu --pairs 200 --seed 45606 --threads 1 --json results/pimc-combo/b-vs-pimc.json
