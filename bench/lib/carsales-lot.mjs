// The car-sales message the packing rows pack: a parking lot of 150 cars with random figures
// (bench/workloads/packing.mjs, and bench/packing-ab.mjs, which must pack the same bytes).
import { Random } from './random.mjs';

/** Builds the lot with `carsales` (the generated module) into `message`; returns the framed bytes. */
export function carsalesLotBytes(carsales, message) {
  const random = new Random();
  const cars = carsales.ParkingLot.initRoot(message).initCars(150);
  for (let i = 0; i < cars.length; i++) {
    const car = cars.get(i);
    car.make = 'Tesla';
    car.model = 'Model S';
    car.seats = 2 + random.int(6);
    car.initWheels(4).get(0).diameter = 25 + random.int(15);
    car.initEngine().cc = 800 + random.int(10000);
    car.fuelCapacity = 10 + random.double(30);
  }
  return message.toBytes();
}
